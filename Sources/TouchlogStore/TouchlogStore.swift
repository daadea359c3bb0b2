/// TouchlogStore: the SQLite database (through GRDB), its migrations and the ingest of touchlog/1 files.
public enum TouchlogStoreInfo {}
