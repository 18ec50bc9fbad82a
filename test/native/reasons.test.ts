// The reason in the prestart's one line, from what prebuild-install, node-gyp and Electron's
// installer really print (lines copied from their output on this machine).
import { describe, expect, it } from 'vitest'
import { failureReason, networkReason } from '../../scripts/native/reasons'

describe('why a step failed, in one line', () => {
  it('names the network error of a download', () => {
    expect(failureReason('prebuild-install info begin\nprebuild-install warn install getaddrinfo ENOTFOUND github.com\n')).toBe(
      'getaddrinfo ENOTFOUND github.com'
    )
    expect(failureReason('prebuild-install warn install connect ECONNREFUSED 127.0.0.1:9\n')).toBe('connect ECONNREFUSED 127.0.0.1:9')
    expect(failureReason('prebuild-install warn install Request timed out\n')).toBe('Request timed out')
  })

  it("knows node-gyp's header download failed for want of a network, though it hides the error code", () => {
    const gyp =
      'gyp WARN install got an error, rolling back install\ngyp ERR! configure error \ngyp ERR! stack Error: This is most likely not a problem with node-gyp or the package itself and\ngyp ERR! stack is related to network connectivity. In most cases you are behind a proxy or have bad\n'
    expect(networkReason(gyp)).toBe('related to network connectivity')
  })

  it('a compiler failure is not a network failure: its first error line', () => {
    const out =
      'gyp info spawn make\n../src/better_sqlite3.cpp:1:10: fatal error: node.h: No such file or directory\ncompilation terminated.\ngyp ERR! build error\n'
    expect(networkReason(out)).toBeNull()
    expect(failureReason(out)).toBe('../src/better_sqlite3.cpp:1:10: fatal error: node.h: No such file or directory')
    expect(failureReason('')).toBe('no output')
  })
})

describe('a proxy that refuses is a network failure too', () => {
  it('names the proxy error, so the advice is to connect, not to install a compiler', () => {
    expect(failureReason('prebuild-install warn install tunneling socket could not be established, statusCode=403\n')).toBe(
      'tunneling socket could not be established'
    )
    expect(networkReason('gyp ERR! stack Error: 407  status code downloading checksum\n')).toBe('407 status code downloading')
  })
})
