"""scripts/linted.sh: a build through it fails on a clippy lint, as
`cargo clippy -- -D warnings` does, and succeeds on clean code with a
binary that runs. The test command's lint steps are such builds, so if
clippy ever stopped reading its arguments this way, this fails rather
than every lint passing unseen."""
import pathlib
import subprocess
import tempfile
import unittest

LINTED = pathlib.Path(__file__).resolve().parent / "linted.sh"

MANIFEST = '[package]\nname = "scratch"\nversion = "0.1.0"\nedition = "2021"\n\n[workspace]\n'


def build(main_rs):
    """Builds a scratch crate whose main.rs is `main_rs` through linted.sh:
    (exit status, stderr, whether its binary ran)."""
    with tempfile.TemporaryDirectory() as d:
        root = pathlib.Path(d)
        (root / "src").mkdir()
        (root / "Cargo.toml").write_text(MANIFEST)
        (root / "src" / "main.rs").write_text(main_rs)
        done = subprocess.run([str(LINTED), "build", "--quiet", "--offline"], cwd=root,
                              capture_output=True, text=True)
        ran = done.returncode == 0 and subprocess.run([str(root / "target" / "debug" / "scratch")]).returncode == 0
        return done.returncode, done.stderr, ran


class Linted(unittest.TestCase):
    def test_a_clippy_lint_fails_the_build(self):
        status, stderr, _ = build("fn main() {\n    let v = vec![1];\n    if v.len() == 0 {\n        println!();\n    }\n}\n")
        self.assertNotEqual(status, 0)
        self.assertIn("clippy::len_zero", stderr)

    def test_a_rustc_warning_fails_it_too(self):
        status, stderr, _ = build("fn main() {\n    let unused = 1;\n}\n")
        self.assertNotEqual(status, 0)
        self.assertIn("unused", stderr)

    def test_clean_code_builds_a_binary_that_runs(self):
        status, stderr, ran = build("fn main() {\n    let v: Vec<String> = std::env::args().collect();\n    if v.is_empty() {\n        println!();\n    }\n}\n")
        self.assertEqual(status, 0, stderr)
        self.assertTrue(ran)


if __name__ == "__main__":
    unittest.main()
