"""Shared helpers of the dlx package's tests: where the data is, and problems
built here in Python, independently of the C generators in tools/."""

import os
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
DATA = pathlib.Path(os.environ.get("DLX_DATA", ROOT / "data"))
TEST_DATA = pathlib.Path(os.environ.get("DLX_TEST_DATA", ROOT / "tests" / "data"))
# The benchmark collections next to the repository (../shared/data); absent on CI.
SHARED = ROOT.parent / "shared" / "data"
if not SHARED.is_dir():
    SHARED = pathlib.Path("/work/shared/data")


def rss_bytes():
    """The process's resident set now (not its peak)."""
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


@pytest.fixture
def data():
    return DATA


@pytest.fixture
def test_data():
    return TEST_DATA
