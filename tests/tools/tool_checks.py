# The tally the tool tests keep: check(condition, what) counts a pass or prints the failure, and
# finish() prints "N passed, N failed" and gives the exit status (1 on any failure). Imported by the
# tests beside it (run as scripts, so this folder is on their import path).


class Checks:
    def __init__(self):
        self.passed = 0
        self.failed = 0

    def __call__(self, condition, what):
        if condition:
            self.passed += 1
        else:
            self.failed += 1
            print(f"FAILED: {what}")

    def finish(self):
        print(f"{self.passed} passed, {self.failed} failed")
        return 1 if self.failed else 0
