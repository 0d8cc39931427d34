import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { withStatementCache } from '../src/db/sqlite-statement-cache';

describe('SQLite prepared-statement cache', () => {
  const open = () => {
    const sqlite = new SQLite(':memory:');
    sqlite.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO t (name) VALUES ('a'), ('b'), ('c');");
    return sqlite;
  };

  it('hands out the same statement for the same SQL, and a fresh one while it is still being iterated', () => {
    const db = withStatementCache(open());
    const first = db.prepare('SELECT name FROM t ORDER BY id');
    expect(db.prepare('SELECT name FROM t ORDER BY id')).toBe(first);
    const rows = first.iterate([]);
    expect(rows.next().value).toEqual({ name: 'a' });
    // Mid-iteration the cached statement is busy: reusing it would throw in better-sqlite3.
    const second = db.prepare('SELECT name FROM t ORDER BY id');
    expect(second).not.toBe(first);
    expect(second.all([])).toEqual([{ name: 'a' }, { name: 'b' }, { name: 'c' }]);
    expect([...rows]).toEqual([{ name: 'b' }, { name: 'c' }]);
    expect(db.prepare('SELECT name FROM t ORDER BY id')).toBe(first);
    db.close();
  });

  it('keeps at most its capacity, dropping the oldest text', () => {
    const db = withStatementCache(open(), 2);
    const one = db.prepare('SELECT 1');
    db.prepare('SELECT 2');
    db.prepare('SELECT 3');
    expect(db.prepare('SELECT 1')).not.toBe(one);
    db.close();
  });

  it('answers correctly after the schema changes under a cached statement', () => {
    const db = withStatementCache(open());
    expect(db.prepare('SELECT * FROM t WHERE id = ?').all([1])).toEqual([{ id: 1, name: 'a' }]);
    db.prepare('ALTER TABLE t ADD COLUMN votes INTEGER NOT NULL DEFAULT 0').run([]);
    expect(db.prepare('SELECT * FROM t WHERE id = ?').all([1])).toEqual([{ id: 1, name: 'a', votes: 0 }]);
    db.close();
  });
});
