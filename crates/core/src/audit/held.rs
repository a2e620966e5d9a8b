//! Who held the lock at a tick, read from the grant record: nobody, one
//! client, or several at once (the lock itself failed). The timeline's
//! holder lane, the unlocked-writes audit and liveness read it.

use crate::lock::Grant;
use crate::types::{Client, Tick};
use serde::Serialize;

/// Who held a quorum of live leases at tick `t`, read from the grant record
/// (the first of them, if the lock failed and both did; see [`held_at`]).
pub fn holder_at(grants: &[Grant], quorum: u16, t: Tick) -> Option<Client> {
    Client::EVERY
        .into_iter()
        .find(|&c| holds_quorum(grants, quorum, c, t))
}

/// Whether `client` held a quorum of live leases at tick `t`.
pub fn holds_quorum(grants: &[Grant], quorum: u16, client: Client, t: Tick) -> bool {
    let votes = grants
        .iter()
        .filter(|g| g.client == client && g.covers(t))
        .count();
    votes >= usize::from(quorum)
}

/// Who held a quorum at one tick: nobody, one client, or — when the lock
/// itself failed — both at once. In JSON it is the list of holders
/// (`[]`, `["A"]`, `["A", "B"]`), which scripts can test without a case
/// for each variant. `Several` is any other two or more, which only the
/// explorer's third client makes: a bit per client, `Client::EVERY`'s
/// order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Held {
    Nobody,
    Only(Client),
    Both,
    Several(u8),
}

impl Serialize for Held {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.clients())
    }
}

impl Held {
    /// From whether each client holds a quorum.
    pub fn among(holds: impl Fn(Client) -> bool) -> Held {
        let bits = Client::EVERY
            .into_iter()
            .enumerate()
            .fold(0u8, |bits, (i, c)| bits | (u8::from(holds(c)) << i));
        match bits {
            0b000 => Held::Nobody,
            0b011 => Held::Both,
            bits if bits.count_ones() == 1 => Held::Only(Client::EVERY[bits.trailing_zeros() as usize]),
            bits => Held::Several(bits),
        }
    }

    /// The clients holding, in order.
    pub fn clients(self) -> Vec<Client> {
        match self {
            Held::Nobody => Vec::new(),
            Held::Only(c) => vec![c],
            Held::Both => Client::ALL.to_vec(),
            Held::Several(bits) => Client::EVERY
                .into_iter()
                .enumerate()
                .filter(|&(i, _)| bits & (1 << i) != 0)
                .map(|(_, c)| c)
                .collect(),
        }
    }

    pub fn name(self) -> String {
        match self {
            Held::Nobody => "nobody".to_owned(),
            Held::Only(c) => c.to_string(),
            Held::Both => "A and B".to_owned(),
            Held::Several(_) => {
                let names: Vec<String> = self.clients().iter().map(Client::to_string).collect();
                match names.split_last() {
                    Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
                    None => String::new(),
                }
            }
        }
    }
}

/// Whether any client held a quorum of live leases at tick `t`: one pass
/// over the grants, counting each client's votes (liveness asks this of
/// every tick of its window, in every state the explorer judges).
pub fn someone_holds(grants: &[Grant], quorum: u16, t: Tick) -> bool {
    let mut votes = [0u16; Client::EVERY.len()];
    grants.iter().filter(|g| g.covers(t)).any(|g| {
        let mine = &mut votes[g.client as usize];
        *mine += 1;
        *mine >= quorum
    })
}

pub fn held_at(grants: &[Grant], quorum: u16, t: Tick) -> Held {
    Held::among(|c| holds_quorum(grants, quorum, c, t))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn of(holders: &[Client]) -> Held {
        Held::among(|c| holders.contains(&c))
    }

    /// The study's sets keep their names (and JSON); a set with the
    /// explorer's third client is listed client by client.
    #[test]
    fn holders_are_named_and_listed_in_client_order() {
        assert_eq!(of(&[]), Held::Nobody);
        assert_eq!(of(&[Client::C]), Held::Only(Client::C));
        assert_eq!(of(&[Client::B, Client::A]), Held::Both);
        let several = of(&[Client::C, Client::A]);
        assert_eq!(several.clients(), [Client::A, Client::C]);
        assert_eq!(several.name(), "A and C");
        assert_eq!(of(&Client::EVERY).name(), "A, B and C");
        assert_eq!(serde_json::to_string(&Held::Both).expect("json"), r#"["A","B"]"#);
    }
}
