#!/usr/bin/env bash
# Runs cargo with clippy's lints on the workspace's own crates, denied as
# `cargo clippy -- -D warnings` denies them, in whatever cargo builds:
#   scripts/linted.sh test --workspace --all-targets --no-run
# `cargo clippy` only checks (metadata, no code), so the test command would
# compile every dependency twice, once to lint and once to test. Wrapping
# rustc in clippy-driver for the workspace's crates, as `cargo clippy`
# itself does, lints the very build the tests run: dependencies are built
# once, and plain rustc builds them (cargo wraps only workspace members).
# CLIPPY_ARGS is how cargo-clippy hands its arguments to clippy-driver;
# scripts/test_linted.py checks that a lint still fails the build.
set -euo pipefail
export RUSTC_WORKSPACE_WRAPPER
RUSTC_WORKSPACE_WRAPPER=$(rustup which clippy-driver)
export CLIPPY_ARGS="-D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__"
exec cargo "$@"
