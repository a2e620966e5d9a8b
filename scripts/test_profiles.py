"""The CLI a reader builds is the fast one, and the page stays small: the
release profile (`cargo run --release`, `cargo install`) is built for
speed, and index.html builds the page with a profile of its own, for size
(issue 69). A change to either fails here, not in a benchmark read later."""
import pathlib
import re
import tomllib
import unittest

ROOT = pathlib.Path(__file__).resolve().parent.parent


class Profiles(unittest.TestCase):
    def setUp(self):
        self.profiles = tomllib.loads((ROOT / "Cargo.toml").read_text())["profile"]
        self.index = (ROOT / "index.html").read_text()

    def page_link(self, binary):
        link = re.search(rf'<link data-trunk rel="rust"[^>]*data-bin="{binary}"[^>]*>', self.index)
        self.assertIsNotNone(link, binary)
        return link.group(0)

    def test_release_is_built_for_speed(self):
        self.assertEqual(self.profiles["release"]["opt-level"], 3)

    def test_the_page_is_built_for_size_in_its_own_profile(self):
        profile = re.search(r'data-cargo-profile-release="([^"]+)"', self.page_link("dlock-web")).group(1)
        self.assertNotEqual(profile, "release")
        self.assertEqual(self.profiles[profile]["opt-level"], "z")

    def test_the_worker_keeps_its_profile_for_speed(self):
        profile = re.search(r'data-cargo-profile-release="([^"]+)"', self.page_link("dlock-check-worker")).group(1)
        self.assertIn(self.profiles[profile]["opt-level"], (2, 3))


if __name__ == "__main__":
    unittest.main()
