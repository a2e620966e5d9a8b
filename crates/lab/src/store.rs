//! The resource: one row in a SQLite file, and a log of every read and
//! write in the order the database applied them. Fencing is one
//! conditional UPDATE: a write applies only if its token is not stale
//! (`token >= max` for the study's `<`, `token > max` for `<=`).

use dlock_core::Comparison;
use rusqlite::{params, Connection};
use serde::{Deserialize, Serialize};
use std::path::Path;
use std::time::Duration;

/// One operation as the database applied it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Op {
    /// The database's order of operations.
    pub seq: u32,
    pub tick: u32,
    pub client: String,
    pub kind: String,
    pub value: String,
    pub token: u64,
    pub accepted: bool,
    /// For a write: the read it was computed from.
    pub basis: u32,
}

pub struct Store {
    con: Connection,
}

fn sql(e: rusqlite::Error) -> String {
    format!("SQLite: {e}")
}

impl Store {
    /// A fresh resource in `path`: the empty value, no token seen.
    pub fn create(path: &Path) -> Result<Store, String> {
        let store = Store::open(path)?;
        store
            .con
            .execute_batch(
                "CREATE TABLE resource (id INTEGER PRIMARY KEY CHECK (id = 1), value TEXT NOT NULL, max_token INTEGER NOT NULL);
                 INSERT INTO resource VALUES (1, '', 0);
                 CREATE TABLE ops (seq INTEGER PRIMARY KEY AUTOINCREMENT, tick INTEGER NOT NULL, client TEXT NOT NULL,
                                   kind TEXT NOT NULL, value TEXT NOT NULL, token INTEGER NOT NULL,
                                   accepted INTEGER NOT NULL, basis INTEGER NOT NULL);",
            )
            .map_err(sql)?;
        Ok(store)
    }

    pub fn open(path: &Path) -> Result<Store, String> {
        let con = Connection::open(path).map_err(sql)?;
        con.busy_timeout(Duration::from_secs(5)).map_err(sql)?;
        Ok(Store { con })
    }

    /// SQLite's version, as the report names the store.
    pub fn version() -> String {
        format!("SQLite {}", rusqlite::version())
    }

    /// Reads the value; returns it and the read's place in the order.
    pub fn read(&mut self, client: &str, tick: u32) -> Result<(String, u32), String> {
        let tx = self.con.transaction().map_err(sql)?;
        let value: String = tx
            .query_row("SELECT value FROM resource WHERE id = 1", [], |r| r.get(0))
            .map_err(sql)?;
        tx.execute(
            "INSERT INTO ops (tick, client, kind, value, token, accepted, basis) VALUES (?1, ?2, 'read', ?3, 0, 1, 0)",
            params![tick, client, value],
        )
        .map_err(sql)?;
        let seq = tx.last_insert_rowid() as u32;
        tx.commit().map_err(sql)?;
        Ok((value, seq))
    }

    /// Writes `value` computed from read `basis`, carrying `token`; with
    /// fencing, only if the token is not stale. Returns whether it applied.
    pub fn write(
        &mut self,
        client: &str,
        tick: u32,
        value: &str,
        token: u64,
        basis: u32,
        fencing: Option<Comparison>,
    ) -> Result<bool, String> {
        let tx = self.con.transaction().map_err(sql)?;
        let changed = match fencing {
            None => tx.execute(
                "UPDATE resource SET value = ?1, max_token = max(max_token, ?2) WHERE id = 1",
                params![value, token],
            ),
            Some(Comparison::Lt) => tx.execute(
                "UPDATE resource SET value = ?1, max_token = ?2 WHERE id = 1 AND ?2 >= max_token",
                params![value, token],
            ),
            Some(Comparison::Le) => tx.execute(
                "UPDATE resource SET value = ?1, max_token = ?2 WHERE id = 1 AND ?2 > max_token",
                params![value, token],
            ),
        }
        .map_err(sql)?;
        let accepted = changed == 1;
        tx.execute(
            "INSERT INTO ops (tick, client, kind, value, token, accepted, basis) VALUES (?1, ?2, 'write', ?3, ?4, ?5, ?6)",
            params![tick, client, value, token, accepted, basis],
        )
        .map_err(sql)?;
        tx.commit().map_err(sql)?;
        Ok(accepted)
    }

    pub fn value(&self) -> Result<String, String> {
        self.con
            .query_row("SELECT value FROM resource WHERE id = 1", [], |r| r.get(0))
            .map_err(sql)
    }

    /// Every operation, in the order the database applied them.
    pub fn ops(&self) -> Result<Vec<Op>, String> {
        let mut query = self
            .con
            .prepare("SELECT seq, tick, client, kind, value, token, accepted, basis FROM ops ORDER BY seq")
            .map_err(sql)?;
        let rows = query
            .query_map([], |r| {
                Ok(Op {
                    seq: r.get(0)?,
                    tick: r.get(1)?,
                    client: r.get(2)?,
                    kind: r.get(3)?,
                    value: r.get(4)?,
                    token: r.get(5)?,
                    accepted: r.get(6)?,
                    basis: r.get(7)?,
                })
            })
            .map_err(sql)?;
        rows.collect::<Result<_, _>>().map_err(sql)
    }
}
