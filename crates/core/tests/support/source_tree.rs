//! Reads a crate's `src/` as text, so architecture tests can check what the
//! compiler does not: which sibling modules import each other, how long
//! files and functions are, and which names a file mentions.
//!
//! Included by path from the architecture tests of dlock-core and
//! dlock-web (`#[path = ...] mod source_tree;`), so both crates hold their
//! code to one reading. It reads rustfmt-formatted code: a function ends at
//! the first line that closes a brace at the indentation it started at.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// One source file: its module path (`["figures", "timeline", "layout"]`;
/// empty for `lib.rs` and `main.rs`), where it is, and its code without
/// comments and without its `#[cfg(test)]` module.
pub struct SourceFile {
    pub module: Vec<String>,
    pub path: PathBuf,
    pub code: String,
}

/// Every `.rs` file under `src`, in path order.
pub fn read_tree(src: &Path) -> Vec<SourceFile> {
    let mut paths = Vec::new();
    collect(src, &mut paths);
    paths.sort();
    paths
        .into_iter()
        .map(|path| {
            let relative = path.strip_prefix(src).expect("under src").with_extension("");
            let mut module: Vec<String> = relative
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            if module.last().is_some_and(|m| m == "mod") {
                module.pop();
            }
            if module == ["lib"] || module == ["main"] {
                module.clear();
            }
            let text = std::fs::read_to_string(&path).expect("a readable source file");
            SourceFile {
                module,
                code: code_of(&text),
                path,
            }
        })
        .collect()
}

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("a readable directory") {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            collect(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The code of a file: line comments blanked (doc comments included), and
/// everything from `#[cfg(test)] mod` on dropped.
pub fn code_of(text: &str) -> String {
    let mut out = String::new();
    let mut lines = text.lines().peekable();
    while let Some(line) = lines.next() {
        let trimmed = line.trim();
        if trimmed == "#[cfg(test)]"
            && lines
                .peek()
                .is_some_and(|next| next.trim_start().starts_with("mod "))
        {
            break;
        }
        if !trimmed.starts_with("//") {
            out.push_str(line);
        }
        out.push('\n');
    }
    out
}

/// The lines of a file's code that are not blank.
pub fn code_lines(file: &SourceFile) -> usize {
    file.code.lines().filter(|l| !l.trim().is_empty()).count()
}

/// Code lines a file may have, its tests not counted, in both crates.
pub const MAX_FILE_LINES: usize = 500;
/// Lines a function may have, signature to closing brace.
pub const MAX_FUNCTION_LINES: usize = 80;

/// Every file over [`MAX_FILE_LINES`] code lines and every function over
/// [`MAX_FUNCTION_LINES`] lines, each said in one line.
pub fn too_long(files: &[SourceFile]) -> Vec<String> {
    let mut found = Vec::new();
    for file in files {
        let lines = code_lines(file);
        if lines > MAX_FILE_LINES {
            found.push(format!("{} has {lines} code lines", file.path.display()));
        }
        for (name, length) in function_lengths(file) {
            if length > MAX_FUNCTION_LINES {
                found.push(format!("{}: fn {name} is {length} lines", file.path.display()));
            }
        }
    }
    found
}

/// Every function of a file as (name, lines from its signature to its
/// closing brace).
pub fn function_lengths(file: &SourceFile) -> Vec<(String, usize)> {
    let lines: Vec<&str> = file.code.lines().collect();
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let Some(name) = fn_name(line) else { continue };
        let indent = line.len() - line.trim_start().len();
        let closing = format!("{}}}", " ".repeat(indent));
        // A signature that ends in `;` (a trait item) has no body.
        let Some(open) =
            (i..lines.len()).find(|&j| lines[j].trim_end().ends_with('{') || lines[j].ends_with(';'))
        else {
            continue;
        };
        if lines[open].ends_with(';') {
            continue;
        }
        if let Some(end) =
            (open..lines.len()).find(|&j| lines[j] == closing || lines[j].starts_with(&format!("{closing})")))
        {
            out.push((name, end - i + 1));
        }
    }
    out
}

fn fn_name(line: &str) -> Option<String> {
    let mut rest = line.trim_start();
    for prefix in [
        "pub(crate) ",
        "pub(super) ",
        "pub ",
        "const ",
        "async ",
        "unsafe ",
    ] {
        rest = rest.strip_prefix(prefix).unwrap_or(rest);
    }
    let rest = rest.strip_prefix("fn ")?;
    let name: String = rest
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect();
    (!name.is_empty()).then_some(name)
}

/// The modules each module names through `crate::`, `super::` or `self::`
/// paths, or through a path that starts with one of its own child modules
/// (`mod slide;` then `use slide::Thing`), use trees included.
pub fn imports(files: &[SourceFile]) -> BTreeMap<Vec<String>, BTreeSet<Vec<String>>> {
    let modules: BTreeSet<Vec<String>> = files.iter().map(|f| f.module.clone()).collect();
    let mut edges = BTreeMap::new();
    for file in files {
        let children = child_modules(&file.code);
        let mut keywords = vec!["crate::".to_owned(), "super::".to_owned(), "self::".to_owned()];
        keywords.extend(children.iter().map(|c| format!("{c}::")));
        let mut found = BTreeSet::new();
        for path in paths_in(&file.code, &keywords) {
            let mut segments = path.split("::").filter(|s| !s.is_empty());
            let mut target: Vec<String> = match segments.next() {
                Some("crate") => Vec::new(),
                Some("super") => file.module[..file.module.len().saturating_sub(1)].to_vec(),
                Some("self") => file.module.clone(),
                Some(child) => [file.module.clone(), vec![child.to_owned()]].concat(),
                None => file.module.clone(),
            };
            for segment in segments {
                if segment == "super" {
                    target.pop();
                } else {
                    target.push(segment.to_owned());
                }
            }
            while !target.is_empty() && !modules.contains(&target) {
                target.pop();
            }
            found.insert(target);
        }
        edges.insert(file.module.clone(), found);
    }
    edges
}

/// The modules a file declares (`mod a;`, `pub mod b;`, `pub(crate) mod c;`).
fn child_modules(code: &str) -> Vec<String> {
    code.lines()
        .filter_map(|line| {
            let rest = line.trim();
            let rest = ["pub(crate) ", "pub(super) ", "pub "]
                .iter()
                .fold(rest, |r, p| r.strip_prefix(p).unwrap_or(r));
            let name = rest.strip_prefix("mod ")?.strip_suffix(';')?;
            name.chars()
                .all(|c| c.is_alphanumeric() || c == '_')
                .then(|| name.to_owned())
        })
        .collect()
}

/// Every path starting with one of `keywords` (`crate::`, `super::`, a
/// child module's name), with use trees (`crate::a::{b, c::d}`) expanded
/// into one path each.
fn paths_in(code: &str, keywords: &[String]) -> Vec<String> {
    let mut out = Vec::new();
    let bytes = code.as_bytes();
    for keyword in keywords {
        let mut from = 0;
        while let Some(at) = code[from..].find(keyword) {
            let start = from + at;
            from = start + keyword.len();
            let boundary = start == 0
                || !(bytes[start - 1].is_ascii_alphanumeric()
                    || bytes[start - 1] == b'_'
                    || bytes[start - 1] == b':');
            if !boundary {
                continue;
            }
            let tail = &code[start..];
            let end = path_end(tail);
            expand(&tail[..end], &mut out);
        }
    }
    out
}

/// Where the path (or use tree) at the start of `text` ends.
fn path_end(text: &str) -> usize {
    let mut depth = 0usize;
    for (i, c) in text.char_indices() {
        match c {
            '{' => depth += 1,
            '}' if depth == 0 => return i,
            '}' => depth -= 1,
            c if depth == 0 && !(c.is_alphanumeric() || c == '_' || c == ':') => return i,
            _ => {}
        }
    }
    text.len()
}

fn expand(tree: &str, out: &mut Vec<String>) {
    let Some(open) = tree.find('{') else {
        out.push(tree.trim_end_matches(':').to_owned());
        return;
    };
    let prefix = &tree[..open];
    let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
    let mut depth = 0;
    let mut item = String::new();
    for c in inner.chars().chain([',']) {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            _ => {}
        }
        if c == ',' && depth == 0 {
            let item_path = item.trim();
            if !item_path.is_empty() {
                let joined = if item_path == "self" {
                    prefix.trim_end_matches(':').to_owned()
                } else {
                    format!("{prefix}{item_path}")
                };
                expand(&joined, out);
            }
            item.clear();
        } else {
            item.push(c);
        }
    }
}

/// Groups of modules that import each other in a circle, each group
/// named once. A `mod.rs` and its children naturally name each other (a
/// parent declares its children and re-exports from them, a child reads
/// its parent's types), so a circle made only of such edges is no fault.
/// One that takes an edge between two modules neither of which holds the
/// other is, whether it runs between siblings directly or through a parent
/// and its child (`tools` → `export` → `export::slide` → `tools`). In a
/// group that reaches itself every edge within it is on a circle, so a
/// group is reported when one such edge joins two of its members. The
/// crate root is left out: it holds every module.
pub fn import_circles(files: &[SourceFile]) -> Vec<Vec<String>> {
    let edges = imports(files);
    let related = |a: &Vec<String>, b: &Vec<String>| a.starts_with(b) || b.starts_with(a);
    let reach = |from: &Vec<String>| {
        let mut seen = BTreeSet::new();
        let mut stack = vec![from.clone()];
        while let Some(m) = stack.pop() {
            for next in edges.get(&m).into_iter().flatten() {
                if !next.is_empty() && seen.insert(next.clone()) {
                    stack.push(next.clone());
                }
            }
        }
        seen
    };
    let reachable: BTreeMap<&Vec<String>, BTreeSet<Vec<String>>> = edges
        .keys()
        .filter(|m| !m.is_empty())
        .map(|m| (m, reach(m)))
        .collect();
    let mut circles: BTreeSet<Vec<String>> = BTreeSet::new();
    for (m, seen) in &reachable {
        let group: BTreeSet<&Vec<String>> = seen
            .iter()
            .filter(|other| reachable.get(other).is_some_and(|back| back.contains(*m)))
            .chain(seen.contains(*m).then_some(*m))
            .collect();
        let across = group.iter().any(|from| {
            edges
                .get(*from)
                .into_iter()
                .flatten()
                .any(|to| group.contains(to) && !related(from, to))
        });
        if across {
            circles.insert(group.iter().map(|module| module.join("::")).collect());
        }
    }
    circles.into_iter().collect()
}
