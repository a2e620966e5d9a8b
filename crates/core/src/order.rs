//! One small sort for the short lists this crate and the page order.
//!
//! Why not `slice::sort*`: every instantiation of the standard sorts links
//! a few kilobytes of wasm, and the page had eight of them (≈ 5 KB gzipped,
//! measured; see BENCHMARKS.md). The lists sorted here are short — a
//! handful of lease ends, a few dozen instants or labels, at most
//! `list::MAX_AXIS_VALUES` axis values, usually already in order — where an
//! insertion sort is as fast and a fraction of the size.

/// Sorts `items` stably so that no item is `before` one ahead of it:
/// `before(a, b)` is true when `a` must come before `b`.
pub fn sort_small_by<T>(items: &mut [T], before: impl Fn(&T, &T) -> bool) {
    for i in 1..items.len() {
        let mut j = i;
        while j > 0 && before(&items[j], &items[j - 1]) {
            items.swap(j - 1, j);
            j -= 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn sorts_like_the_standard_stable_sort(v in proptest::collection::vec((0u8..8, any::<u16>()), 0..60)) {
            let mut ours = v.clone();
            sort_small_by(&mut ours, |a, b| a.0 < b.0);
            let mut std_sorted = v;
            std_sorted.sort_by_key(|x| x.0);
            prop_assert_eq!(ours, std_sorted);
        }
    }

    #[test]
    fn sorts_descending_too() {
        let mut v = vec![3, 1, 4, 1, 5, 9, 2, 6];
        sort_small_by(&mut v, |a, b| a > b);
        assert_eq!(v, [9, 6, 5, 4, 3, 2, 1, 1]);
    }
}
