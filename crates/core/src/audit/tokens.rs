//! The order of the tokens the lock handed out, read against the order of
//! its grants. Fencing needs each grant's token strictly above every
//! earlier one's; the two ways to miss that are told apart, since they do
//! different harm. A token *below* an earlier one makes a fenced resource
//! take the newer holder for the stale one. A token *equal* to an earlier
//! one leaves the resource unable to tell the two leases apart: one that
//! rejects equal tokens refuses the newer holder, one that accepts them
//! lets the older holder's write through.

use crate::trace::{Entry, What};
use crate::types::{Client, Tick, Token};
use serde::Serialize;

/// Two quorum grants, in grant order, whose tokens are out of order: the
/// later one's is not above the earlier one's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct TokenPair {
    pub earlier: Client,
    pub earlier_t: Tick,
    pub earlier_token: Token,
    pub later: Client,
    pub later_t: Tick,
    pub later_token: Token,
}

impl TokenPair {
    /// The pair in a transcript's words: `t=11 B token 3 after t=8 A token 3`.
    pub fn detail(&self) -> String {
        format!(
            "t={} {} token {} after t={} {} token {}",
            self.later_t, self.later, self.later_token, self.earlier_t, self.earlier, self.earlier_token
        )
    }
}

/// Every pair of quorum grants whose later token is below the earlier:
/// the tokens went backwards.
pub fn token_reversals(entries: &[Entry]) -> Vec<TokenPair> {
    pairs(entries, |later, earlier| later < earlier)
}

/// Every pair of quorum grants that carry the same token: a token handed
/// out twice.
pub fn token_ties(entries: &[Entry]) -> Vec<TokenPair> {
    pairs(entries, |later, earlier| later == earlier)
}

/// The pairs of quorum grants, in grant order, whose tokens `out_of_order`
/// (later, earlier) picks.
fn pairs(entries: &[Entry], out_of_order: impl Fn(Token, Token) -> bool) -> Vec<TokenPair> {
    let granted: Vec<(Client, Tick, Token)> = entries
        .iter()
        .filter_map(|e| match e.what {
            What::Acquired { token, .. } => Some((e.client, e.t, token)),
            _ => None,
        })
        .collect();
    let mut found = Vec::new();
    for (i, &(earlier, earlier_t, earlier_token)) in granted.iter().enumerate() {
        for &(later, later_t, later_token) in &granted[i + 1..] {
            if out_of_order(later_token, earlier_token) {
                found.push(TokenPair {
                    earlier,
                    earlier_t,
                    earlier_token,
                    later,
                    later_t,
                    later_token,
                });
            }
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::trace::Entry;

    fn acquired(t: Tick, client: Client, token: Token) -> Entry {
        Entry {
            t,
            client,
            what: What::Acquired {
                votes: 3,
                token,
                lease_end: t + 5,
            },
        }
    }

    /// A tie is not a reversal, nor a reversal a tie; growing tokens are
    /// neither.
    #[test]
    fn a_tie_and_a_reversal_are_told_apart() {
        let tie = [acquired(1, Client::A, 3), acquired(4, Client::B, 3)];
        let reversal = [acquired(1, Client::A, 3), acquired(4, Client::B, 2)];
        let growing = [acquired(1, Client::A, 3), acquired(4, Client::B, 4)];
        assert_eq!(token_ties(&tie).len(), 1);
        assert!(token_reversals(&tie).is_empty());
        assert_eq!(token_reversals(&reversal).len(), 1);
        assert!(token_ties(&reversal).is_empty());
        assert!(token_ties(&growing).is_empty() && token_reversals(&growing).is_empty());
        assert_eq!(token_ties(&tie)[0].detail(), "t=4 B token 3 after t=1 A token 3");
    }
}
