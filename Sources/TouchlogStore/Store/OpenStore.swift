import Foundation

/// What a command does with the store.
public enum StoreUse: Sendable {
    /// `sessions`, `show`, `explain`, `replay`, `report`, and dry runs: they never write.
    case reading
    /// `ingest`: creates the database when there is none.
    case writing
    /// `delete`, `prune`, `vacuum`: write to a database that must exist already.
    case changing
    /// Shell completion: reads only, and never upgrades an older database (which `.reading` does when it may).
    case peeking
}

/// Opens the store `location` names for `use`: the one factory every command goes through, so that none of them
/// knows which database is behind `--db`.
///
/// A command that only reads (`.reading`) opens read-only, so it works on an SQLite file it may not write (mode
/// 444, read-only media), and reports a missing database instead of silently creating an empty one, and an empty file
/// (or an SQLite file without tables) instead of setting it up: it leaves the file as it is. An older touchlog
/// database it can write is upgraded first. `.writing` creates and migrates the database if needed; `.changing` needs
/// it to exist. `waiting` says how an SQLite writer waits for another process's lock; PostgreSQL writers wait for
/// row locks on the server, and only where two touch the same session.
public func openStore(_ location: StoreLocation, for use: StoreUse, waiting: LockWaiting = LockWaiting()) throws
    -> any SessionStore
{
    switch location {
    case .postgres(let postgres):
        switch use {
        case .writing, .changing: return try PostgresDatabase(postgres, access: .readWrite)
        case .reading, .peeking: return try PostgresDatabase(postgres, access: .readOnly)
        }
    case .sqlite(let path):
        try requireFolder(of: path)
        switch use {
        case .writing:
            return try TouchlogDatabase(path: path, access: .readWrite, waiting: waiting)
        case .changing:
            try requireExisting(path)
            if try TouchlogDatabase.checkIdentity(path: path, migrations: Migration.all) == .empty {
                // Nothing to remove, and removing never sets a database up.
                throw StoreError.emptyDatabase(location: path)
            }
            return try TouchlogDatabase(path: path, access: .readWrite, waiting: waiting)
        case .reading:
            try requireExisting(path)
            do {
                return try TouchlogDatabase(path: path, access: .readOnly, waiting: waiting)
            } catch StoreError.needsUpgrade where FileManager.default.isWritableFile(atPath: path) {
                // Written by an older touchlog: upgrade it once, then read as usual.
                _ = try TouchlogDatabase(path: path, access: .readWrite, waiting: waiting)
                return try TouchlogDatabase(path: path, access: .readOnly, waiting: waiting)
            }
        case .peeking:
            try requireExisting(path)
            return try TouchlogDatabase(path: path, access: .readOnly, waiting: waiting)
        }
    }
}

/// A file in a folder that does not exist can be neither read nor created: SQLite would say only "unable to open
/// database file", and a reader "there is no database", neither naming the folder to create.
private func requireFolder(of path: String) throws {
    let folder = (path as NSString).deletingLastPathComponent
    guard !folder.isEmpty else { return }
    var isFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue { return }
    throw StoreError.missingFolder(path: path, folder: folder)
}

/// A missing file is reported, not silently created empty: reading it, or removing from it, means a typo.
private func requireExisting(_ path: String) throws {
    guard FileManager.default.fileExists(atPath: path) else { throw StoreError.noDatabase(path: path) }
}
