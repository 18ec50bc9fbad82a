// Child process: takes the library's write lock (BEGIN IMMEDIATE), says "locked", holds it for
// the milliseconds asked, then commits and says "committed", as a long import or another app would.
import Database from 'better-sqlite3'

const [path, msText] = process.argv.slice(2)
const db = new Database(path)
db.pragma('busy_timeout = 10000')
db.exec('BEGIN IMMEDIATE')
process.stdout.write('locked\n')
Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, Number(msText))
db.exec('COMMIT')
process.stdout.write('committed\n')
db.close()
