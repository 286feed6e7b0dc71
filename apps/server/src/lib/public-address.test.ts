import type { LookupAddress, LookupOptions } from 'node:dns';
import { describe, expect, it } from 'vitest';
import { PUBLIC_TEST_ADDRESS, TestDns } from '../test/test-dns';
import {
  isPublicAddress,
  lookupAll,
  NonPublicAddressError,
  nonPublicRange,
  publicOnlyLookup,
} from './public-address';

describe('nonPublicRange', () => {
  it('lets public unicast addresses through, on both families', () => {
    for (const address of [
      '8.8.8.8',
      '1.1.1.1',
      PUBLIC_TEST_ADDRESS,
      '172.32.0.1', // just past 172.16/12
      '100.128.0.1', // just past 100.64/10
      '11.0.0.1',
      '2607:f8b0:4004:800::200e',
      '2a00:1450:4001:82a::200a',
    ]) {
      expect(nonPublicRange(address), address).toBeNull();
      expect(isPublicAddress(address)).toBe(true);
    }
  });

  it('refuses every special IPv4 range, naming it', () => {
    const cases: [string, string][] = [
      ['0.0.0.0', 'unspecified'],
      ['0.1.2.3', 'unspecified'], // 0.0.0.0/8
      ['127.0.0.1', 'loopback'],
      ['127.255.255.254', 'loopback'],
      ['10.0.0.1', 'private'],
      ['172.16.0.1', 'private'],
      ['172.31.255.255', 'private'],
      ['192.168.1.1', 'private'],
      ['169.254.169.254', 'linkLocal'], // cloud metadata services live here
      ['100.64.0.1', 'carrierGradeNat'],
      ['100.127.255.255', 'carrierGradeNat'],
      ['224.0.0.1', 'multicast'],
      ['239.255.255.250', 'multicast'],
      ['255.255.255.255', 'broadcast'],
      ['240.0.0.1', 'reserved'],
      ['192.0.0.8', 'reserved'],
      ['192.0.2.1', 'reserved'], // documentation
      ['198.51.100.7', 'reserved'], // documentation
      ['203.0.113.9', 'reserved'], // documentation
      ['198.18.0.1', 'reserved'], // benchmarking
      ['198.19.255.255', 'reserved'],
    ];
    for (const [address, range] of cases) expect(nonPublicRange(address), address).toBe(range);
  });

  it('refuses every special IPv6 range, mapped and embedded IPv4 included, and anything outside 2000::/3', () => {
    const cases: [string, string][] = [
      ['::1', 'loopback'],
      ['::', 'unspecified'],
      ['fe80::1', 'linkLocal'],
      ['fe80::1%eth0', 'linkLocal'],
      ['fc00::1', 'uniqueLocal'],
      ['fd12:3456:789a::1', 'uniqueLocal'],
      ['fec0::1', 'deprecatedSiteLocal'],
      ['ff02::1', 'multicast'],
      ['ff0e::1', 'multicast'],
      ['::ffff:127.0.0.1', 'ipv4Mapped'],
      ['::ffff:7f00:1', 'ipv4Mapped'],
      ['::ffff:10.0.0.1', 'ipv4Mapped'],
      ['::ffff:8.8.8.8', 'ipv4Mapped'], // even a public one: no real push service answers this way
      ['64:ff9b::7f00:1', 'rfc6052'], // NAT64 to 127.0.0.1
      ['2002:7f00:1::', '6to4'],
      ['2001::1', 'teredo'],
      ['2001:db8::1', 'reserved'], // documentation
      ['2001:2::1', 'benchmarking'],
      ['100::1', 'discard'],
      ['::7f00:1', 'reserved'], // ::127.0.0.1, the deprecated IPv4-compatible form (URLs write it so): outside 2000::/3
      ['4000::1', 'reserved'],
      ['3fff::1', 'reserved'],
    ];
    for (const [address, range] of cases) expect(nonPublicRange(address), address).toBe(range);
    // ipaddr.js reads the dotted IPv4-compatible form as mapped; refused either way.
    expect(nonPublicRange('::127.0.0.1')).not.toBeNull();
  });

  it('treats anything but a canonical address literal as not an address', () => {
    for (const text of [
      '',
      'localhost',
      'push.example.com',
      '0x7f.1',
      '2130706433',
      '127.1',
      '1.2.3.04',
      '[::1]',
    ]) {
      expect(nonPublicRange(text), text).toBe('invalid');
    }
  });
});

/** Calls a lookup the way net.connect does, with or without `all`. */
function ask(lookup: ReturnType<typeof publicOnlyLookup>, name: string, options: LookupOptions) {
  return new Promise<{
    err: NodeJS.ErrnoException | null;
    answer: string | LookupAddress[];
    family?: number;
  }>((resolve) => lookup(name, options, (err, answer, family) => resolve({ err, answer, family })));
}

describe('publicOnlyLookup', () => {
  const dns = new TestDns()
    .set('push.example.com', PUBLIC_TEST_ADDRESS, '2607:f8b0:4004:800::200e')
    .set('inside.example.com', '10.1.2.3')
    .set('mixed.example.com', PUBLIC_TEST_ADDRESS, '127.0.0.1')
    .set('mapped.example.com', '::ffff:127.0.0.1')
    .set('metadata.example.com', '169.254.169.254');
  const lookup = publicOnlyLookup(dns.lookup);

  it('answers public names in the shape asked for', async () => {
    expect(await ask(lookup, 'push.example.com', {})).toEqual({
      err: null,
      answer: PUBLIC_TEST_ADDRESS,
      family: 4,
    });
    expect(await ask(lookup, 'push.example.com', { all: true })).toMatchObject({
      err: null,
      answer: [
        { address: PUBLIC_TEST_ADDRESS, family: 4 },
        { address: '2607:f8b0:4004:800::200e', family: 6 },
      ],
    });
    expect(await lookupAll(lookup, 'push.example.com')).toHaveLength(2);
  });

  it('refuses a name with any non-public address, localhost included', async () => {
    const cases: [string, string, string][] = [
      ['inside.example.com', '10.1.2.3', 'private'],
      ['mixed.example.com', '127.0.0.1', 'loopback'],
      ['mapped.example.com', '::ffff:127.0.0.1', 'ipv4Mapped'],
      ['metadata.example.com', '169.254.169.254', 'linkLocal'],
      ['localhost', '127.0.0.1', 'loopback'],
    ];
    for (const [name, address, range] of cases) {
      for (const all of [false, true]) {
        const { err } = await ask(lookup, name, { all });
        expect(err, name).toBeInstanceOf(NonPublicAddressError);
        expect(err).toMatchObject({ code: 'ENONPUBLIC', host: name, address, range });
        expect(err?.message).toBe(`${name} resolves to ${address}, not a public address (${range})`);
      }
    }
  });

  it('passes DNS errors through as they are', async () => {
    const { err } = await ask(lookup, 'nowhere.example.com', { all: true });
    expect(err?.code).toBe('ENOTFOUND');
  });
});
