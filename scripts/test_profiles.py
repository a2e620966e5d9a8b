"""The CLI a reader builds is the fast one, and the page stays small: the
release profile (`cargo run --release`, `cargo install`) is built for
speed, and index.html builds the page with a profile of its own, for size
(issue 69), in which the model keeps its speed for the explorer's worker;
both wasm modules share that profile, so the release build compiles their
dependencies once (issue 80). A change to any of it fails here, not in a
benchmark read later."""
import pathlib
import re
import tomllib
import unittest

ROOT = pathlib.Path(__file__).resolve().parent.parent


class Profiles(unittest.TestCase):
    def setUp(self):
        self.profiles = tomllib.loads((ROOT / "Cargo.toml").read_text())["profile"]
        self.index = (ROOT / "index.html").read_text()

    def profile_of(self, binary):
        link = re.search(rf'<link data-trunk rel="rust"[^>]*data-bin="{binary}"[^>]*>', self.index)
        self.assertIsNotNone(link, binary)
        return re.search(r'data-cargo-profile-release="([^"]+)"', link.group(0)).group(1)

    def test_release_is_built_for_speed(self):
        self.assertEqual(self.profiles["release"]["opt-level"], 3)

    def test_the_page_is_built_for_size_in_its_own_profile(self):
        profile = self.profile_of("dlock-web")
        self.assertNotEqual(profile, "release")
        self.assertEqual(self.profiles[profile]["opt-level"], "z")

    def test_the_model_keeps_its_speed_in_the_pages_profile(self):
        profile = self.profiles[self.profile_of("dlock-check-worker")]
        self.assertIn(profile["package"]["dlock-core"]["opt-level"], (2, 3))

    def test_page_and_worker_share_one_profile_so_dependencies_build_once(self):
        self.assertEqual(self.profile_of("dlock-web"), self.profile_of("dlock-check-worker"))


if __name__ == "__main__":
    unittest.main()
