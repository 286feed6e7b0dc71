import http from 'node:http';
import https from 'node:https';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PUSH_HOSTS } from '../../config';
import { NonPublicAddressError } from '../../lib/public-address';
import { startConnectionCounter, type ConnectionCounter } from '../../test/push-service';
import { PUBLIC_TEST_ADDRESS, TestDns } from '../../test/test-dns';
import {
  checkEndpointShape,
  checkPushEndpoint,
  hostAllowed,
  PUSH_ENDPOINT_MESSAGES,
  pushAgents,
  PushEndpointRefused,
  type PushEndpointPolicy,
} from './push-endpoint';

const browsers: PushEndpointPolicy = { allowHttp: false, allowedHosts: [...DEFAULT_PUSH_HOSTS] };
const anyHost: PushEndpointPolicy = { allowHttp: false, allowedHosts: ['*'] };

/** The refusal `check` throws (its user message and detail), or null when it passes. */
async function refusal(check: () => unknown) {
  try {
    await check();
    return null;
  } catch (err) {
    if (err instanceof PushEndpointRefused)
      return { message: err.message, detail: err.detail, temporary: err.temporary };
    throw err;
  }
}

describe('hostAllowed', () => {
  it('matches the browsers’ push services exactly, and their wildcards on subdomains only', () => {
    const allowed = (host: string) => hostAllowed(host, DEFAULT_PUSH_HOSTS);
    expect(allowed('fcm.googleapis.com')).toBe(true);
    expect(allowed('updates.push.services.mozilla.com')).toBe(true);
    expect(allowed('web.push.apple.com')).toBe(true);
    expect(allowed('wns2-by3p.notify.windows.com')).toBe(true);
    for (const host of [
      'push.apple.com', // '*.' is for subdomains
      'notify.windows.com',
      'evil-fcm.googleapis.com',
      'fcm.googleapis.com.evil.example',
      'evilpush.apple.com',
      'googleapis.com',
      'push.example.net',
      '127.0.0.1',
    ]) {
      expect(allowed(host), host).toBe(false);
    }
  });

  it('lets * match any name but never an address, and an address only when listed as such', () => {
    expect(hostAllowed('push.example.net', ['*'])).toBe(true);
    expect(hostAllowed('8.8.8.8', ['*'])).toBe(false);
    expect(hostAllowed('127.0.0.1', ['*', '127.0.0.1'])).toBe(true);
    expect(hostAllowed('127.0.0.2', ['127.0.0.1'])).toBe(false);
  });
});

describe('checkEndpointShape', () => {
  it('refuses plain http unless PUSH_ALLOW_HTTP, and credentials in the URL', async () => {
    expect(
      await refusal(() => checkEndpointShape('http://fcm.googleapis.com/fcm/send/x', browsers)),
    ).toMatchObject({
      message: PUSH_ENDPOINT_MESSAGES.notHttps,
    });
    expect(checkEndpointShape('http://fcm.googleapis.com/x', { ...browsers, allowHttp: true }).host).toBe(
      'fcm.googleapis.com',
    );
    expect(await refusal(() => checkEndpointShape('ftp://fcm.googleapis.com/x', browsers))).toMatchObject({
      message: PUSH_ENDPOINT_MESSAGES.notHttps,
    });
    expect(
      await refusal(() => checkEndpointShape('https://u:p@fcm.googleapis.com/x', browsers)),
    ).toMatchObject({
      message: PUSH_ENDPOINT_MESSAGES.notAllowed,
    });
  });

  it('refuses address literals in every spelling, even with * allowed', async () => {
    const literals: [string, RegExp][] = [
      ['https://127.0.0.1:8443/push', /127\.0\.0\.1 is not a public address \(loopback\)/],
      ['https://2130706433/push', /127\.0\.0\.1.*loopback/], // decimal: URL parsing makes it 127.0.0.1
      ['https://0x7f.1/push', /127\.0\.0\.1.*loopback/],
      ['https://0177.0.0.1/push', /127\.0\.0\.1.*loopback/],
      ['https://0.0.0.0/push', /unspecified/],
      ['https://[::1]/push', /::1.*loopback/],
      ['https://[::ffff:127.0.0.1]/push', /ipv4Mapped/],
      ['https://[::127.0.0.1]/push', /reserved/],
      ['https://[fe80::1]/push', /linkLocal/],
      ['https://[fd00::1]/push', /uniqueLocal/],
      ['https://169.254.169.254/latest/meta-data', /linkLocal/],
      ['https://10.0.0.1/push', /private/],
      ['https://100.64.0.1/push', /carrierGradeNat/],
      ['https://224.0.0.1/push', /multicast/],
      ['https://198.18.0.1/push', /reserved/],
      ['https://192.0.2.1/push', /reserved/],
    ];
    for (const policy of [browsers, anyHost]) {
      for (const [endpoint, detail] of literals) {
        const refused = await refusal(() => checkEndpointShape(endpoint, policy));
        expect(refused, endpoint).toMatchObject({ message: PUSH_ENDPOINT_MESSAGES.notPublic });
        expect(refused?.detail).toMatch(detail);
      }
      // A public address is still not a push service's name.
      expect(await refusal(() => checkEndpointShape('https://8.8.8.8/push', policy))).toMatchObject({
        message: PUSH_ENDPOINT_MESSAGES.notAllowed,
      });
    }
  });

  it('lets through an address listed exactly (the tests’ local push service)', () => {
    const local = { allowHttp: true, allowedHosts: ['127.0.0.1', '::1'] };
    expect(checkEndpointShape('http://127.0.0.1:4000/push/x', local).host).toBe('127.0.0.1');
    expect(checkEndpointShape('http://[::1]:4000/push/x', local).host).toBe('::1');
    expect(() => checkEndpointShape('http://127.0.0.2:4000/push/x', local)).toThrow(PushEndpointRefused);
    expect(() => checkEndpointShape('http://localhost:4000/push/x', local)).toThrow(PushEndpointRefused);
  });
});

describe('checkPushEndpoint', () => {
  const dns = new TestDns()
    .set('fcm.googleapis.com', PUBLIC_TEST_ADDRESS)
    .set('push.attacker.example', '10.0.0.7')
    .set('web.push.apple.com', '127.0.0.1');

  it('resolves the host and accepts it only when every address is public', async () => {
    await expect(
      checkPushEndpoint('https://fcm.googleapis.com/fcm/send/abc', browsers, dns.lookup),
    ).resolves.toBeUndefined();
    expect(
      await refusal(() => checkPushEndpoint('https://web.push.apple.com/abc', browsers, dns.lookup)),
    ).toEqual({
      message: PUSH_ENDPOINT_MESSAGES.notPublic,
      detail: 'web.push.apple.com resolves to 127.0.0.1, not a public address (loopback)',
      temporary: false,
    });
    expect(
      await refusal(() => checkPushEndpoint('https://push.attacker.example/x', anyHost, dns.lookup)),
    ).toMatchObject({
      message: PUSH_ENDPOINT_MESSAGES.notPublic,
    });
    expect(
      await refusal(() => checkPushEndpoint('https://localhost:8443/x', anyHost, dns.lookup)),
    ).toMatchObject({
      message: PUSH_ENDPOINT_MESSAGES.notPublic,
    });
  });

  it('never resolves a host the allow-list refuses', async () => {
    const asked = dns.asked.length;
    expect(
      await refusal(() => checkPushEndpoint('https://push.attacker.example/x', browsers, dns.lookup)),
    ).toMatchObject({
      message: PUSH_ENDPOINT_MESSAGES.notAllowed,
    });
    expect(dns.asked.length).toBe(asked);
  });

  it('says a name that does not exist is not found, and DNS trouble is temporary', async () => {
    expect(
      await refusal(() => checkPushEndpoint('https://nowhere.example/x', anyHost, dns.lookup)),
    ).toMatchObject({
      message: PUSH_ENDPOINT_MESSAGES.notFound,
      temporary: false,
    });
    const failing: typeof dns.lookup = (_name, _options, callback) =>
      callback(Object.assign(new Error('getaddrinfo EAI_AGAIN'), { code: 'EAI_AGAIN' }), '', undefined);
    expect(
      await refusal(() => checkPushEndpoint('https://fcm.googleapis.com/x', browsers, failing)),
    ).toMatchObject({
      message: PUSH_ENDPOINT_MESSAGES.unchecked,
      temporary: true,
    });
  });

  it('answers within five seconds when DNS never does', async () => {
    vi.useFakeTimers();
    try {
      const silent: typeof dns.lookup = () => {};
      const pending = refusal(() => checkPushEndpoint('https://fcm.googleapis.com/x', browsers, silent));
      await vi.advanceTimersByTimeAsync(5000);
      expect(await pending).toMatchObject({ message: PUSH_ENDPOINT_MESSAGES.unchecked, temporary: true });
    } finally {
      vi.useRealTimers();
    }
  });
});

/**
 * The delivery agents against a listener on loopback that counts every connection made to it: a
 * name resolving there, or an unlisted literal, must be refused before any connection.
 */
describe('pushAgents', () => {
  let counter: ConnectionCounter;
  let port: number;
  beforeAll(async () => {
    counter = await startConnectionCounter();
    port = counter.port;
  });
  afterAll(() => counter.close());

  const dns = new TestDns()
    .set('rebound.example', '127.0.0.1')
    .set('mapped.example', '::ffff:127.0.0.1')
    .set('both.example', '127.0.0.1', '::1');

  /** POSTs through the agent; resolves with the status or rejects with the connection's error. */
  function post(agent: http.Agent, protocol: 'http:' | 'https:', hostname: string) {
    return new Promise<number>((resolve, reject) => {
      const req = (protocol === 'https:' ? https : http).request(
        { method: 'POST', hostname, port, path: '/push', agent },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      req.end('x');
    });
  }

  it('refuses names resolving inside and unlisted literals, with not one connection made', async () => {
    const before = counter.connections;
    for (const policy of [anyHost, { allowHttp: true, allowedHosts: ['*'] }]) {
      const agents = pushAgents(policy, dns.lookup);
      try {
        for (const [protocol, agent] of [
          ['https:', agents.https],
          ['http:', agents.http],
        ] as const) {
          for (const host of [
            'rebound.example',
            'mapped.example',
            'both.example',
            'localhost',
            '127.0.0.1',
            '::1',
          ]) {
            const error = await post(agent, protocol, host).then(
              () => null,
              (err: unknown) => err,
            );
            expect(error, `${protocol}//${host}`).toBeInstanceOf(NonPublicAddressError);
          }
        }
      } finally {
        agents.http.destroy();
        agents.https.destroy();
      }
    }
    expect(counter.connections - before).toBe(0);
  });

  it('connects to an address listed exactly: the listener does count', async () => {
    const before = counter.connections;
    const agents = pushAgents({ allowHttp: true, allowedHosts: ['127.0.0.1'] }, dns.lookup);
    try {
      expect(await post(agents.http, 'http:', '127.0.0.1')).toBe(201);
      await expect(post(agents.http, 'http:', 'rebound.example')).rejects.toBeInstanceOf(
        NonPublicAddressError,
      );
    } finally {
      agents.http.destroy();
    }
    expect(counter.connections - before).toBe(1);
  });
});
