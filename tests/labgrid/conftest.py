"""The report check through labgrid (tests/labgrid/test_report.py): its
options, and the closing "N passed, N failed" line make test's summary
reads (tools/run-part.sh)."""
import pytest


def pytest_addoption(parser):
    g = parser.getgroup("mac-fw")
    g.addoption("--board", required=True, help="the board the environments are for")
    g.addoption("--console-log", required=True, help="where the boot's console goes")
    g.addoption("--make-run", help="make run's QEMU command (for a QEMU environment)")
    g.addoption("--make-run-log", help="the console make run printed for the same image")
    g.addoption("--board-env", help="the board's environment, checked without the board")
    g.addoption("--uboot-cmds", help="make uboot-cmds' output the board environment is from")
    g.addoption("--uboot-typed", help="the lines a (fake) U-Boot received, one a line")
    g.addoption("--prompt", help="the board's U-Boot prompt (UBOOT_PROMPT)")


@pytest.fixture(scope="session")
def opt(request):
    return request.config.getoption


def pytest_terminal_summary(terminalreporter, config):
    stats = terminalreporter.stats
    failed = sum(len(stats.get(k, [])) for k in ("failed", "error"))
    terminalreporter.write_line(f"labgrid {config.getoption('board')}: "
                                f"{len(stats.get('passed', []))} passed, {failed} failed")
