//! The small vocabulary every other module speaks: ticks, tokens, clients
//! and the resource's value.

use serde::{Serialize, Serializer};
use std::fmt;

/// Simulated time. Fixed width on purpose: `usize` is 32-bit on wasm32 and
/// 64-bit natively, and a run must be identical on both.
pub type Tick = u32;

/// A fencing token: the grant counter of a lock server.
pub type Token = u64;

/// Index of a lock server inside the lock service (0-based).
pub type ServerId = u16;

/// A lease end meaning "never": used when lease expiry is switched off.
pub const NEVER: Tick = Tick::MAX;

/// The clients. The study has two: A is the one that pauses; B is the
/// well-behaved one that polls for the lock. The explorer may add a third,
/// C, that runs B's script (`dlock check --clients 3`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, serde::Deserialize)]
pub enum Client {
    A,
    B,
    C,
}

impl Client {
    /// The study's two clients, in the order they appear in tables and
    /// lanes.
    pub const ALL: [Client; 2] = [Client::A, Client::B];

    /// Every client a run can have: what an audit of any run reads.
    pub const EVERY: [Client; 3] = [Client::A, Client::B, Client::C];

    /// The study's other client: B for A, A for B (and for C, which only
    /// the explorer's runs have, and whose newer holder is A's too).
    pub fn other(self) -> Client {
        match self {
            Client::A => Client::B,
            Client::B | Client::C => Client::A,
        }
    }

    /// The letter the client appends to the resource in its critical section.
    pub fn letter(self) -> u8 {
        match self {
            Client::A => b'A',
            Client::B => b'B',
            Client::C => b'C',
        }
    }
}

impl fmt::Display for Client {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Client::A => "A",
            Client::B => "B",
            Client::C => "C",
        })
    }
}

/// The name of whoever holds something, or "nobody".
pub fn holder_name(holder: Option<Client>) -> String {
    holder.map_or("nobody".to_owned(), |c| c.to_string())
}

/// How many letters a [`Value`] can hold. A run makes at most four writes
/// (A once, B at most twice, the explorer's C once) and each write appends
/// one letter, so this is generous; see [`Value::appended`].
pub const VALUE_CAPACITY: usize = 15;

/// The resource's value: the letters of the critical sections applied to it,
/// in order. `"AB"` is the serial answer, `"A"` a lost update, `"B"` A's work
/// discarded. `Copy` and allocation-free so a 400 × 400 sweep allocates
/// nothing per cell.
#[derive(Clone, Copy, PartialEq, Eq, Default, Hash)]
pub struct Value {
    len: u8,
    letters: [u8; VALUE_CAPACITY],
}

impl Value {
    /// The empty string both clients start from.
    pub const EMPTY: Value = Value {
        len: 0,
        letters: [0; VALUE_CAPACITY],
    };

    /// This value with the client's letter appended: the body of a
    /// read-modify-write critical section. At capacity the value is returned
    /// unchanged; the scenario cannot get there (it writes at most three
    /// times), which a debug assertion checks.
    pub fn appended(self, client: Client) -> Value {
        let len = usize::from(self.len);
        debug_assert!(len < VALUE_CAPACITY, "value capacity exceeded");
        if len >= VALUE_CAPACITY {
            return self;
        }
        let mut next = self;
        next.letters[len] = client.letter();
        next.len += 1;
        next
    }

    /// Builds a value from letters, for tests and imports. Anything other
    /// than a client's letter (`A`, `B`, `C`), or too long, is refused.
    pub fn parse(text: &str) -> Option<Value> {
        if text.len() > VALUE_CAPACITY {
            return None;
        }
        text.bytes().try_fold(Value::EMPTY, |v, b| match b {
            b'A' => Some(v.appended(Client::A)),
            b'B' => Some(v.appended(Client::B)),
            b'C' => Some(v.appended(Client::C)),
            _ => None,
        })
    }

    pub fn as_str(&self) -> &str {
        // Only clients' letters are ever stored, so this is always valid UTF-8.
        std::str::from_utf8(&self.letters[..usize::from(self.len)]).unwrap_or("")
    }

    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "'{}'", self.as_str())
    }
}

impl fmt::Debug for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl Serialize for Value {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn appending_records_the_order_of_critical_sections() {
        let v = Value::EMPTY.appended(Client::A).appended(Client::B);
        assert_eq!(v.as_str(), "AB");
        assert_eq!(v.to_string(), "'AB'");
        assert_eq!(v.len(), 2);
        assert!(Value::EMPTY.is_empty());
    }

    #[test]
    fn parse_accepts_only_client_letters() {
        assert_eq!(
            Value::parse("BA").map(|v| v.as_str().to_owned()),
            Some("BA".into())
        );
        assert_eq!(Value::parse(""), Some(Value::EMPTY));
        // The explorer's third client writes its letter too.
        assert_eq!(
            Value::parse("AC").map(|v| v.as_str().to_owned()),
            Some("AC".into())
        );
        assert_eq!(Value::parse("AD"), None);
        assert_eq!(Value::parse(&"A".repeat(VALUE_CAPACITY + 1)), None);
    }
}
