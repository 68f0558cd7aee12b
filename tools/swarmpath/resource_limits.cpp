// Out of memory, threads and file size in the command line (see resource_limits.hpp). POSIX.
#include "resource_limits.hpp"

#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <new>
#include <string_view>
#include <system_error>

#include "commands.hpp"
#include "swarmpath/io/atomic_file.hpp"

namespace swarmpath::cli {
namespace {

constexpr const char* kOutOfMemory =
    "out of memory: the run needed more than the system or the address-space limit (ulimit -v) allows";
constexpr const char* kNoThread =
    "could not create a thread: out of memory for its stack, or over the limit on threads (ulimit -v, ulimit -u)";

std::atomic<bool> main_started{false};

/// Called by operator new when it finds no memory: an exception the command boundary reports, or,
/// before main() (where nothing can catch it), the message and exit status at once.
void handle_out_of_memory() {
    if (main_started.load(std::memory_order_relaxed)) throw std::bad_alloc();
    constexpr std::string_view message =
        "swarmpath: out of memory while starting: the address-space limit (ulimit -v) is too small\n";
    (void)::write(2, message.data(), message.size());
    ::_exit(kExitBadInput);
}

/// Installed before any other constructor of this executable runs, so even static initialisation
/// that runs out of memory ends with a message rather than an abort inside the allocator.
__attribute__((constructor(101))) void install_new_handler_early() { std::set_new_handler(handle_out_of_memory); }

/// True for the errors thread creation reports: std::thread (std::system_error with EAGAIN) and
/// oneTBB (std::runtime_error "pthread_create has failed: ...").
bool is_thread_creation_failure(const std::exception& error) {
    if (const auto* system = dynamic_cast<const std::system_error*>(&error)) {
        return system->code() == std::errc::resource_unavailable_try_again ||
               system->code() == std::errc::not_enough_memory;
    }
    return std::string_view(error.what()).starts_with("pthread_create");
}

/// The message for an exception that ended the run.
std::string describe(const std::exception_ptr& error) {
    try {
        std::rethrow_exception(error);
    } catch (const std::bad_alloc&) {
        return kOutOfMemory;
    } catch (const std::exception& failure) {
        if (is_thread_creation_failure(failure)) return std::string(kNoThread) + " (" + failure.what() + ")";
        return explain_resource_errors(failure.what());
    } catch (...) {
        return "internal error: an unknown exception ended the run";
    }
}

/// std::terminate's handler: an exception nothing caught (thrown in a worker thread, a destructor or
/// a noexcept function) ends the run like one caught at the command boundary, without a core dump.
[[noreturn]] void end_run_on_uncaught_exception() {
    try {
        const std::exception_ptr error = std::current_exception();
        report_error(error ? describe(error) : std::string("internal error: the run was ended (std::terminate)"));
    } catch (...) {
        constexpr std::string_view message = "swarmpath: out of memory while reporting an error\n";
        (void)::write(2, message.data(), message.size());
    }
    io::remove_temporary_files_and_hold();
    ::_exit(kExitBadInput);
}

}  // namespace

void install_resource_handlers() {
    std::set_new_handler(handle_out_of_memory);
    std::set_terminate(end_run_on_uncaught_exception);
    main_started.store(true, std::memory_order_relaxed);
}

int report_exception(const std::exception_ptr& error) {
    report_error(describe(error));
    return kExitBadInput;
}

std::string explain_resource_errors(const std::string& message) {
    const char* too_large = std::strerror(EFBIG);
    if (message.find(too_large) == std::string::npos || message.find("ulimit -f") != std::string::npos) return message;
    return message + " (the file size limit, ulimit -f, was reached)";
}

}  // namespace swarmpath::cli

#if defined(SWARMPATH_WITH_MIMALLOC)
// mimalloc's own operator new aborts the process when memory runs out (its C build cannot reach the
// C++ new handler), so this executable defines the allocation operators itself, on malloc (which
// mimalloc provides process-wide): a failed allocation calls the new handler, which throws
// std::bad_alloc (see handle_out_of_memory).
namespace {

void* allocate(std::size_t size, std::size_t alignment) {
    for (;;) {
        void* block = nullptr;
        if (alignment <= alignof(std::max_align_t)) {
            block = std::malloc(size == 0 ? 1 : size);
        } else if (::posix_memalign(&block, alignment, size == 0 ? 1 : size) != 0) {
            block = nullptr;
        }
        if (block != nullptr) return block;
        std::new_handler handler = std::get_new_handler();
        if (handler == nullptr) throw std::bad_alloc();
        handler();
    }
}

void* allocate_or_null(std::size_t size, std::size_t alignment) noexcept {
    try {
        return allocate(size, alignment);
    } catch (...) {
        return nullptr;
    }
}

constexpr std::size_t kPlain = alignof(std::max_align_t);

}  // namespace

void* operator new(std::size_t size) { return allocate(size, kPlain); }
void* operator new[](std::size_t size) { return allocate(size, kPlain); }
void* operator new(std::size_t size, std::align_val_t alignment) {
    return allocate(size, static_cast<std::size_t>(alignment));
}
void* operator new[](std::size_t size, std::align_val_t alignment) {
    return allocate(size, static_cast<std::size_t>(alignment));
}
void* operator new(std::size_t size, const std::nothrow_t&) noexcept { return allocate_or_null(size, kPlain); }
void* operator new[](std::size_t size, const std::nothrow_t&) noexcept { return allocate_or_null(size, kPlain); }
void* operator new(std::size_t size, std::align_val_t alignment, const std::nothrow_t&) noexcept {
    return allocate_or_null(size, static_cast<std::size_t>(alignment));
}
void* operator new[](std::size_t size, std::align_val_t alignment, const std::nothrow_t&) noexcept {
    return allocate_or_null(size, static_cast<std::size_t>(alignment));
}
void operator delete(void* block) noexcept { std::free(block); }
void operator delete[](void* block) noexcept { std::free(block); }
void operator delete(void* block, std::size_t) noexcept { std::free(block); }
void operator delete[](void* block, std::size_t) noexcept { std::free(block); }
void operator delete(void* block, std::align_val_t) noexcept { std::free(block); }
void operator delete[](void* block, std::align_val_t) noexcept { std::free(block); }
void operator delete(void* block, std::size_t, std::align_val_t) noexcept { std::free(block); }
void operator delete[](void* block, std::size_t, std::align_val_t) noexcept { std::free(block); }
void operator delete(void* block, const std::nothrow_t&) noexcept { std::free(block); }
void operator delete[](void* block, const std::nothrow_t&) noexcept { std::free(block); }
void operator delete(void* block, std::align_val_t, const std::nothrow_t&) noexcept { std::free(block); }
void operator delete[](void* block, std::align_val_t, const std::nothrow_t&) noexcept { std::free(block); }
#endif
