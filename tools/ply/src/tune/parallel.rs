//! Work on many items shared out among several threads, each taking an equal share:
//! the labels of `ply tune label`, and the gradients and errors of `ply tune fit` and
//! `ply tune net`, which sum each item's contribution to a list of totals.

use std::ops::AddAssign;

/// `work` done on each of up to `threads` equal shares of `items`, each on a thread of
/// its own, with the results in the items' order. A panic in `work` is passed on.
pub fn on_shares<T: Sync, R: Send>(
    items: &[T],
    threads: usize,
    work: impl Fn(&[T]) -> R + Sync,
) -> Vec<R> {
    let share = items.len().div_ceil(threads.max(1)).max(1);
    let work = &work;
    std::thread::scope(|scope| {
        let handles: Vec<_> = items
            .chunks(share)
            .map(|part| scope.spawn(move || work(part)))
            .collect();
        handles
            .into_iter()
            .map(|handle| {
                handle
                    .join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
            })
            .collect()
    })
}

/// The totals, `width` of them, after `add` has added every item's contribution,
/// computed on `threads` threads. A panic in `add` is passed on.
pub fn sum_on_threads<T: Sync, V: Copy + Default + Send + AddAssign>(
    items: &[T],
    threads: usize,
    width: usize,
    add: impl Fn(&T, &mut [V]) + Sync,
) -> Vec<V> {
    let parts = on_shares(items, threads, |part| {
        let mut totals = vec![V::default(); width];
        for item in part {
            add(item, &mut totals);
        }
        totals
    });
    let mut totals = vec![V::default(); width];
    for part in parts {
        for (total, value) in totals.iter_mut().zip(part) {
            *total += value;
        }
    }
    totals
}

#[cfg(test)]
mod tests {
    use super::{on_shares, sum_on_threads};

    #[test]
    fn the_totals_are_the_same_on_any_number_of_threads() {
        let items: Vec<u64> = (1..=1000).collect();
        let add = |item: &u64, totals: &mut [u64]| {
            totals[0] += item;
            totals[1] += item % 7;
        };
        let one = sum_on_threads(&items, 1, 2, add);
        assert_eq!(one, [500_500, items.iter().map(|item| item % 7).sum()]);
        for threads in [2, 3, 64, 2000] {
            assert_eq!(sum_on_threads(&items, threads, 2, add), one);
        }
        assert_eq!(sum_on_threads(&[] as &[u64], 4, 2, add), [0, 0]);
    }

    #[test]
    fn shares_come_back_in_the_items_order() {
        let items: Vec<u32> = (0..10).collect();
        let shares = on_shares(&items, 3, |part| part.to_vec());
        assert_eq!(shares, [vec![0, 1, 2, 3], vec![4, 5, 6, 7], vec![8, 9]]);
        assert_eq!(on_shares(&items, 1, |part| part.len()), [10]);
    }
}
