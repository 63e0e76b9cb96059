//! The files of the application: game, variant and record files read within
//! limits (regular files only, never past a size), and writes that lose
//! nothing: through a temporary file in the same folder and a rename, never
//! over an existing file unless asked, never over the game being played.

use std::io::Write;
use std::path::{Component, Path, PathBuf};

/// Reads a game or variant file, but no more than one byte past the size a
/// game file may have, so that a huge file is refused, not read forever.
/// Only regular files are read: a FIFO, a terminal or a device (`/dev/stdin`,
/// `/dev/zero`) is refused without waiting on it.
/// A link is followed only to a `.game` or `.toml` file: the name checked
/// by the caller must be the name of what is read.
pub fn read(path: &Path) -> std::io::Result<Vec<u8>> {
    use std::io::Read;
    if path.symlink_metadata()?.file_type().is_symlink() {
        let target = std::fs::canonicalize(path)?;
        if !target.extension().is_some_and(|e| e == "game" || e == "toml") {
            let why = format!("a link to {}, which is not a game or variant file", target.display());
            return Err(std::io::Error::new(std::io::ErrorKind::InvalidInput, why));
        }
    }
    let mut bytes = Vec::new();
    open_regular(path)?.take(crate::syntax::MAX_FILE_BYTES as u64 + 1).read_to_end(&mut bytes)?;
    Ok(bytes)
}

/// Opens a file for reading if it is a regular file. The open does not block
/// (a FIFO with no writer would wait forever), and the type is checked on the
/// opened file, so nothing can be swapped in between.
fn open_regular(path: &Path) -> std::io::Result<std::fs::File> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    let file = options.open(path)?;
    if !file.metadata()?.is_file() {
        return Err(std::io::Error::new(std::io::ErrorKind::InvalidInput, "not a regular file"));
    }
    Ok(file)
}

/// The most a game record may weigh (a 400-ply record is a few kilobytes).
pub const MAX_RECORD_BYTES: u64 = 64 << 20;

/// Reads a game record (a save, a simulated game), refusing one larger than
/// [`MAX_RECORD_BYTES`], one that is not a regular file (a FIFO would block),
/// and one that is not UTF-8 (saying where). Unknown tags come back as warnings.
pub fn read_record(path: &Path) -> Result<(crate::record::Record, Vec<String>), String> {
    use std::io::Read;
    let mut bytes = Vec::new();
    open_regular(path)
        .and_then(|f| f.take(MAX_RECORD_BYTES + 1).read_to_end(&mut bytes))
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    if bytes.len() as u64 > MAX_RECORD_BYTES {
        return Err(format!("{} is larger than a record may be ({MAX_RECORD_BYTES} bytes)", path.display()));
    }
    let text = String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        let line = e.as_bytes()[..at].iter().filter(|&&b| b == b'\n').count() + 1;
        format!("{}:{line}: not UTF-8 text (byte {} of the file); a record is plain text", path.display(), at + 1)
    })?;
    let record =
        crate::record::Record::parse(&text).map_err(|e| format!("{}:{}: {}", path.display(), e.line, e.message))?;
    let warnings = record
        .unknown_tags()
        .into_iter()
        .map(|(line, name, like)| {
            let hint = like.map(|k| format!(" (did you mean `{k}`?)")).unwrap_or_default();
            format!("{}:{line}: unknown tag `{name}`{hint}; it is ignored", path.display())
        })
        .collect();
    Ok((record, warnings))
}

/// Why a file was not written.
#[derive(Debug)]
pub enum WriteError {
    /// The file exists and replacing it was not asked for.
    Exists,
    /// The file is one the game was read from, or not a regular file.
    Refused(String),
    Io(std::io::Error),
}

impl std::fmt::Display for WriteError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            WriteError::Exists => write!(f, "the file exists"),
            WriteError::Refused(why) => write!(f, "{why}"),
            WriteError::Io(e) => write!(f, "{e}"),
        }
    }
}

/// Whether `a` and `b` name the same existing file.
fn same_file(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

/// Checks that `path` may be written: not one of `protected` (the files the
/// game was read from), not a folder or device, and new unless `replace`.
pub fn may_write(path: &Path, replace: bool, protected: &[PathBuf]) -> Result<(), WriteError> {
    if protected.iter().any(|p| same_file(p, path)) {
        return Err(WriteError::Refused(format!("{} is a file the game was read from", path.display())));
    }
    match std::fs::metadata(path) {
        Ok(m) if !m.is_file() => Err(WriteError::Refused(format!("{} is not a regular file", path.display()))),
        Ok(_) if !replace => Err(WriteError::Exists),
        _ => Ok(()),
    }
}

/// Writes `text` to `path` through a temporary file in the same folder, then
/// renames it into place: a failed write (a full disk) leaves any earlier
/// file whole and no partial file behind. With `sync`, the data reaches the
/// disk before the rename (a save survives a crash; simulate's thousands of
/// records skip it, as it costs a disk flush each).
///
/// A link is written through (the file it leads to is replaced, the link
/// stays), and a file replaced keeps its permissions (a save kept 600 stays 600).
pub fn write(path: &Path, text: &str, replace: bool, sync: bool, protected: &[PathBuf]) -> Result<(), WriteError> {
    may_write(path, replace, protected)?;
    let is_link = path.symlink_metadata().is_ok_and(|m| m.file_type().is_symlink());
    let resolved = if is_link { std::fs::canonicalize(path).map_err(WriteError::Io)? } else { path.to_path_buf() };
    let path = resolved.as_path();
    let permissions = std::fs::metadata(path).ok().map(|m| m.permissions());
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let name = path.file_name().map_or("record".into(), |n| n.to_string_lossy().to_string());
    remove_stale_temp_files(&dir, &name);
    let (tmp, mut file) = temp_file(&dir, &name).map_err(WriteError::Io)?;
    let mut written = file.write_all(text.as_bytes()).and_then(|()| if sync { file.sync_all() } else { file.flush() });
    if let (Ok(()), Some(p)) = (&written, permissions) {
        written = file.set_permissions(p);
    }
    drop(file);
    if let Err(e) = written.and_then(|()| std::fs::rename(&tmp, path)) {
        let _ = std::fs::remove_file(&tmp);
        return Err(WriteError::Io(e));
    }
    // Make the rename itself durable where the system allows it.
    if let Some(d) = std::fs::File::open(&dir).ok().filter(|_| sync) {
        let _ = d.sync_all();
    }
    Ok(())
}

/// Removes the temporary files of earlier writes of `name` whose process is
/// gone (killed mid-write, before its rename): nothing else would.
fn remove_stale_temp_files(dir: &Path, name: &str) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    let prefix = format!(".{name}.");
    for entry in entries.flatten() {
        let file = entry.file_name().to_string_lossy().to_string();
        let Some(rest) = file.strip_prefix(&prefix).and_then(|r| r.strip_suffix(".tmp")) else { continue };
        let Some(pid) = rest.split('.').next().and_then(|p| p.parse::<i32>().ok()) else { continue };
        if pid != std::process::id() as i32 && !process_alive(pid) {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

#[cfg(unix)]
fn process_alive(pid: i32) -> bool {
    // SAFETY: signal 0 only asks whether the process exists; nothing is sent.
    let r = unsafe { libc::kill(pid, 0) };
    r == 0 || std::io::Error::last_os_error().raw_os_error() != Some(libc::ESRCH)
}

#[cfg(not(unix))]
fn process_alive(_pid: i32) -> bool {
    true
}

/// A new file `.NAME.PID.N.tmp` in `dir`.
fn temp_file(dir: &Path, name: &str) -> std::io::Result<(PathBuf, std::fs::File)> {
    let mut n = 0;
    loop {
        let tmp = dir.join(format!(".{name}.{}.{n}.tmp", std::process::id()));
        match std::fs::OpenOptions::new().write(true).create_new(true).open(&tmp) {
            Ok(f) => return Ok((tmp, f)),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists && n < 100 => n += 1,
            Err(e) => return Err(e),
        }
    }
}

/// `target` as a path relative to the folder `base` (both made absolute
/// first), so that a record names its game wherever the two are moved
/// together; `target` as given if either cannot be resolved.
pub fn relative_to(target: &Path, base: &Path) -> PathBuf {
    let (Ok(target_abs), Ok(base_abs)) = (target.canonicalize(), base.canonicalize()) else {
        return target.to_path_buf();
    };
    let t: Vec<Component> = target_abs.components().collect();
    let b: Vec<Component> = base_abs.components().collect();
    let common = t.iter().zip(&b).take_while(|(x, y)| x == y).count();
    if !t[..common].iter().any(|c| matches!(c, Component::Normal(_))) {
        return target_abs; // nothing shared but the root: an absolute path says more
    }
    let mut out = PathBuf::new();
    for _ in common..b.len() {
        out.push("..");
    }
    for c in &t[common..] {
        out.push(c.as_os_str());
    }
    out
}

/// The folder a file is in (`.` for a bare name).
pub fn folder_of(path: &Path) -> PathBuf {
    match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// The game a record names in its `File` tag, relative to the record's
/// folder; only a regular `.game` or `.toml` file is accepted.
pub fn game_of_record(record_path: &Path, file_tag: &str) -> Result<PathBuf, String> {
    let named = Path::new(file_tag);
    let path = if named.is_absolute() { named.to_path_buf() } else { folder_of(record_path).join(named) };
    let ext_ok = path.extension().is_some_and(|e| e == "game" || e == "toml");
    if !ext_ok {
        return Err(format!("the record names `{file_tag}`, which is not a .game or .toml file"));
    }
    match std::fs::metadata(&path) {
        Ok(m) if m.is_file() => Ok(path),
        Ok(_) => Err(format!("the record names `{file_tag}`, which is not a regular file")),
        Err(e) => Err(format!("the record names `{file_tag}` ({}): {e}", path.display())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relative_paths_climb_and_descend() {
        let here = std::env::current_dir().unwrap();
        let rel = relative_to(Path::new("games/tabal.game"), &here.join("tests/check"));
        assert_eq!(rel, Path::new("../../games/tabal.game"));
        assert_eq!(relative_to(Path::new("games/tabal.game"), &here), Path::new("games/tabal.game"));
    }
}
