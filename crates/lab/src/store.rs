//! The resource: one row in a database, and a log of every read and
//! write in the order the database applied them. SQLite (a file in the
//! lab's directory) by default; `--store postgres://…` runs the very same
//! SQL against a PostgreSQL the user has. Fencing is one conditional
//! UPDATE: a write applies only if its token is not stale (`token >= max`
//! for the study's `<`, `token > max` for `<=`).

use dlock_core::Comparison;
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

/// Where the resource lives, as the lab hands it to each client.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Location {
    Sqlite(std::path::PathBuf),
    Postgres(String),
}

/// The tables, prefixed so a user's own database keeps its own.
const CREATE: [&str; 4] = [
    "DROP TABLE IF EXISTS dlock_resource",
    "DROP TABLE IF EXISTS dlock_ops",
    "CREATE TABLE dlock_resource (id INTEGER PRIMARY KEY CHECK (id = 1), value TEXT NOT NULL, max_token BIGINT NOT NULL)",
    "INSERT INTO dlock_resource VALUES (1, '', 0)",
];
/// The log's sequence: each database's own way to number rows.
const CREATE_OPS_SQLITE: &str = "CREATE TABLE dlock_ops (seq INTEGER PRIMARY KEY AUTOINCREMENT, tick INTEGER NOT NULL, \
     client TEXT NOT NULL, kind TEXT NOT NULL, value TEXT NOT NULL, token BIGINT NOT NULL, accepted BOOLEAN NOT NULL, basis INTEGER NOT NULL)";
const CREATE_OPS_POSTGRES: &str = "CREATE TABLE dlock_ops (seq SERIAL PRIMARY KEY, tick INTEGER NOT NULL, \
     client TEXT NOT NULL, kind TEXT NOT NULL, value TEXT NOT NULL, token BIGINT NOT NULL, accepted BOOLEAN NOT NULL, basis INTEGER NOT NULL)";
const READ_VALUE: &str = "SELECT value FROM dlock_resource WHERE id = 1";
const LOG: &str = "INSERT INTO dlock_ops (tick, client, kind, value, token, accepted, basis) \
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING seq";
const WRITE_UNFENCED: &str = "UPDATE dlock_resource SET value = $1, \
     max_token = CASE WHEN $2 > max_token THEN $2 ELSE max_token END WHERE id = 1";
const WRITE_FENCED_LT: &str =
    "UPDATE dlock_resource SET value = $1, max_token = $2 WHERE id = 1 AND $2 >= max_token";
const WRITE_FENCED_LE: &str =
    "UPDATE dlock_resource SET value = $1, max_token = $2 WHERE id = 1 AND $2 > max_token";
const OPS: &str = "SELECT seq, tick, client, kind, value, token, accepted, basis FROM dlock_ops ORDER BY seq";

fn write_sql(fencing: Option<Comparison>) -> &'static str {
    match fencing {
        None => WRITE_UNFENCED,
        Some(Comparison::Lt) => WRITE_FENCED_LT,
        Some(Comparison::Le) => WRITE_FENCED_LE,
    }
}

/// An open store.
pub enum Store {
    Sqlite(rusqlite::Connection),
    Postgres(Box<postgres::Client>),
}

fn sqlite(e: rusqlite::Error) -> String {
    format!("SQLite: {e}")
}

fn pg(e: postgres::Error) -> String {
    format!("PostgreSQL: {e}")
}

impl Store {
    /// A fresh resource: the empty value, no token seen.
    pub fn create(at: &Location) -> Result<Store, String> {
        let mut store = Store::open(at)?;
        match &mut store {
            Store::Sqlite(con) => {
                for sql in CREATE.iter().chain([&CREATE_OPS_SQLITE]) {
                    con.execute(sql, []).map_err(sqlite)?;
                }
            }
            Store::Postgres(client) => {
                for sql in CREATE.iter().chain([&CREATE_OPS_POSTGRES]) {
                    client.execute(*sql, &[]).map_err(pg)?;
                }
            }
        }
        Ok(store)
    }

    pub fn open(at: &Location) -> Result<Store, String> {
        match at {
            Location::Sqlite(path) => open_sqlite(path),
            Location::Postgres(url) => postgres::Client::connect(url, postgres::NoTls)
                .map(|c| Store::Postgres(Box::new(c)))
                .map_err(pg),
        }
    }

    /// The database's name and version, as the report names the store.
    pub fn version(&mut self) -> Result<String, String> {
        match self {
            Store::Sqlite(_) => Ok(format!("SQLite {}", rusqlite::version())),
            Store::Postgres(client) => {
                let row = client.query_one("SHOW server_version", &[]).map_err(pg)?;
                Ok(format!("PostgreSQL {}", row.get::<_, String>(0)))
            }
        }
    }

    /// Reads the value; returns it and the read's place in the order.
    pub fn read(&mut self, client: &str, tick: u32) -> Result<(String, u32), String> {
        match self {
            Store::Sqlite(con) => {
                let tx = immediate(con)?;
                let value: String = tx.query_row(READ_VALUE, [], |r| r.get(0)).map_err(sqlite)?;
                let seq = tx
                    .query_row(
                        LOG,
                        rusqlite::params![tick, client, "read", value, 0i64, true, 0u32],
                        |r| r.get(0),
                    )
                    .map_err(sqlite)?;
                tx.commit().map_err(sqlite)?;
                Ok((value, seq))
            }
            Store::Postgres(pg_client) => {
                let mut tx = pg_client.transaction().map_err(pg)?;
                // The row lock orders this read against writes, as the log says.
                let value: String = tx
                    .query_one(&format!("{READ_VALUE} FOR UPDATE"), &[])
                    .map_err(pg)?
                    .get(0);
                let row = tx
                    .query_one(
                        LOG,
                        &[&(tick as i32), &client, &"read", &value, &0i64, &true, &0i32],
                    )
                    .map_err(pg)?;
                tx.commit().map_err(pg)?;
                Ok((value, row.get::<_, i32>(0) as u32))
            }
        }
    }

    /// Writes `value` computed from read `basis`, carrying `token`; with
    /// fencing, only if the token is not stale. Returns whether it applied.
    pub fn write(
        &mut self,
        (client, tick): (&str, u32),
        value: &str,
        (token, basis): (u64, u32),
        fencing: Option<Comparison>,
    ) -> Result<bool, String> {
        let sql = write_sql(fencing);
        let token = token as i64;
        match self {
            Store::Sqlite(con) => {
                let tx = immediate(con)?;
                let accepted = tx.execute(sql, rusqlite::params![value, token]).map_err(sqlite)? == 1;
                tx.query_row(
                    LOG,
                    rusqlite::params![tick, client, "write", value, token, accepted, basis],
                    |r| r.get::<_, u32>(0),
                )
                .map_err(sqlite)?;
                tx.commit().map_err(sqlite)?;
                Ok(accepted)
            }
            Store::Postgres(pg_client) => {
                let mut tx = pg_client.transaction().map_err(pg)?;
                let accepted = tx.execute(sql, &[&value, &token]).map_err(pg)? == 1;
                tx.query_one(
                    LOG,
                    &[
                        &(tick as i32),
                        &client,
                        &"write",
                        &value,
                        &token,
                        &accepted,
                        &(basis as i32),
                    ],
                )
                .map_err(pg)?;
                tx.commit().map_err(pg)?;
                Ok(accepted)
            }
        }
    }

    pub fn value(&mut self) -> Result<String, String> {
        match self {
            Store::Sqlite(con) => con.query_row(READ_VALUE, [], |r| r.get(0)).map_err(sqlite),
            Store::Postgres(client) => client.query_one(READ_VALUE, &[]).map(|r| r.get(0)).map_err(pg),
        }
    }

    /// Every operation, in the order the database applied them.
    pub fn ops(&mut self) -> Result<Vec<Op>, String> {
        match self {
            Store::Sqlite(con) => {
                let mut query = con.prepare(OPS).map_err(sqlite)?;
                let rows = query
                    .query_map([], |r| {
                        Ok(Op {
                            seq: r.get(0)?,
                            tick: r.get(1)?,
                            client: r.get(2)?,
                            kind: r.get(3)?,
                            value: r.get(4)?,
                            token: r.get::<_, i64>(5)? as u64,
                            accepted: r.get(6)?,
                            basis: r.get(7)?,
                        })
                    })
                    .map_err(sqlite)?;
                rows.collect::<Result<_, _>>().map_err(sqlite)
            }
            Store::Postgres(client) => Ok(client
                .query(OPS, &[])
                .map_err(pg)?
                .iter()
                .map(|r| Op {
                    seq: r.get::<_, i32>(0) as u32,
                    tick: r.get::<_, i32>(1) as u32,
                    client: r.get(2),
                    kind: r.get(3),
                    value: r.get(4),
                    token: r.get::<_, i64>(5) as u64,
                    accepted: r.get(6),
                    basis: r.get::<_, i32>(7) as u32,
                })
                .collect()),
        }
    }
}

/// A transaction that takes the write lock when it begins. A deferred one
/// would read under a shared lock and then ask to upgrade it; when A and B
/// do that in the same instant, SQLite refuses one of them at once with
/// "database is locked" instead of waiting (the busy timeout cannot help a
/// deadlock). Taken up front, the second simply waits for the first.
fn immediate(con: &mut rusqlite::Connection) -> Result<rusqlite::Transaction<'_>, String> {
    con.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)
        .map_err(sqlite)
}

fn open_sqlite(path: &Path) -> Result<Store, String> {
    let con = rusqlite::Connection::open(path).map_err(sqlite)?;
    con.busy_timeout(Duration::from_secs(5)).map_err(sqlite)?;
    Ok(Store::Sqlite(con))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A and B reading and writing the same SQLite file at the same
    /// instants, as they do in a cell where their writes tie: every read
    /// and write goes through, none refused with "database is locked".
    #[test]
    fn two_clients_at_once_on_sqlite_never_find_the_database_locked() {
        let dir = tempfile::tempdir().expect("a directory");
        let at = Location::Sqlite(dir.path().join("resource.sqlite"));
        Store::create(&at).expect("the store");
        let rounds = 200;
        let clients: Vec<_> = ["A", "B"]
            .into_iter()
            .map(|name| {
                let at = at.clone();
                std::thread::spawn(move || -> Result<(), String> {
                    let mut store = Store::open(&at)?;
                    for tick in 0..rounds {
                        let (value, seq) = store.read(name, tick)?;
                        store.write((name, tick), &format!("{value}{name}"), (1, seq), None)?;
                    }
                    Ok(())
                })
            })
            .collect();
        for client in clients {
            client.join().expect("no panic").expect("no refusal");
        }
        let ops = Store::open(&at).and_then(|mut s| s.ops()).expect("the log");
        assert_eq!(ops.len(), 4 * rounds as usize);
    }
}
