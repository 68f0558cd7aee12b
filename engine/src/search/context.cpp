// SearchContext's out-of-line members (context.hpp): it owns the internal search state
// (best_first/search_state.hpp), which only the engine's sources see.
#include "swarmpath/search/context.hpp"

#include "search/best_first/search_state.hpp"
#include "search/four_ary_heap.hpp"

namespace swarmpath::search {

static_assert(SearchContext::kStampBytes == sizeof(CellStamp), "SearchContext::kStampBytes is a CellStamp");
static_assert(SearchContext::kParentDirectionBytes == sizeof(std::uint8_t), "a parent direction is one byte");

SearchContext::SearchContext() : state_(std::make_unique<SearchState>()) {}
SearchContext::~SearchContext() = default;
SearchContext::SearchContext(SearchContext&& other) noexcept = default;
SearchContext& SearchContext::operator=(SearchContext&& other) noexcept = default;

void SearchContext::prepare(std::uint32_t padded_cells) { state_->prepare(padded_cells); }
std::uint32_t SearchContext::capacity() const { return state_->capacity(); }
std::size_t SearchContext::memory_bytes() const { return state_->memory_bytes(); }

}  // namespace swarmpath::search
