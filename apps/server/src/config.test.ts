import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PUSH_HOSTS, loadConfig } from './config';

describe('configuration', () => {
  it('has defaults a newcomer needs nothing for', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      publicUrl: 'http://localhost:3000',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      demoData: 'auto',
      google: null,
      smtpUrl: undefined,
      authRateLimit: 10,
      signUpExistsLimit: 5,
    });
  });

  it('reads every variable it documents', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      PUBLIC_URL: 'https://grip.example.com/',
      DATA_DIR: '/var/lib/grip',
      DATABASE_URL: 'postgres://u:p@db:5432/grip',
      DEMO_DATA: 'off',
      AUTH_SECRET: 'x'.repeat(32),
      SMTP_URL: 'smtp://mail:25',
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
      AUTH_RATE_LIMIT: '5',
      SIGN_UP_EXISTS_LIMIT: '2',
      TRUST_PROXY: 'true',
      LOG_FORMAT: 'json',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      publicUrl: 'https://grip.example.com',
      dataDir: '/var/lib/grip',
      databaseUrl: 'postgres://u:p@db:5432/grip',
      demoData: 'off',
      smtpUrl: 'smtp://mail:25',
      google: { clientId: 'id', clientSecret: 'secret', issuer: 'https://accounts.google.com' },
      authRateLimit: 5,
      signUpExistsLimit: 2,
      trustProxy: true,
      logPretty: false,
    });
  });

  it('refuses bad values with a message naming each variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', DEMO_DATA: 'maybe', AUTH_SECRET: 'short' })).toThrow(
      /PORT[\s\S]*DEMO_DATA[\s\S]*AUTH_SECRET/,
    );
  });

  it('reads TRUST_PROXY as none, any, a hop count or a list of proxies', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/);
  });

  it('reads PUSH_ALLOWED_HOSTS as the browsers’ push services by default, or the hosts listed', () => {
    const { push } = loadConfig({});
    expect(push).toMatchObject({ allowHttp: false, allowedHosts: [...DEFAULT_PUSH_HOSTS] });
    expect(push.allowedHosts).toEqual([
      'fcm.googleapis.com',
      'updates.push.services.mozilla.com',
      '*.push.apple.com',
      '*.notify.windows.com',
    ]);
    expect(loadConfig({ PUSH_ALLOWED_HOSTS: ' ' }).push.allowedHosts).toEqual([...DEFAULT_PUSH_HOSTS]);
    expect(
      loadConfig({
        PUSH_ALLOWED_HOSTS: 'Push.Example.com, *.push.example.org,127.0.0.1,[0:0:0:0:0:0:0:1],*',
        PUSH_ALLOW_HTTP: 'true',
      }).push,
    ).toMatchObject({
      allowHttp: true,
      allowedHosts: ['push.example.com', '*.push.example.org', '127.0.0.1', '::1', '*'],
    });
    for (const bad of [
      'https://push.example.com',
      'push.example.com:443',
      '*push.example.com',
      'a..b',
      '10.0.0.0/8',
      '127.1',
    ]) {
      expect(() => loadConfig({ PUSH_ALLOWED_HOSTS: bad }), bad).toThrow(/PUSH_ALLOWED_HOSTS: not a host/);
    }
  });

  it('keeps uploads in a directory unless S3_BUCKET is set', () => {
    expect(loadConfig({}).s3).toBeNull();
    expect(loadConfig({ S3_BUCKET: '' }).s3).toBeNull();
    expect(loadConfig({ S3_BUCKET: 'grip-uploads' }).s3).toEqual({
      bucket: 'grip-uploads',
      endpoint: undefined,
      region: 'us-east-1',
      credentials: null,
      forcePathStyle: false,
      prefix: '',
    });
  });

  it('reads the S3-compatible store’s endpoint, region, keys, addressing and prefix', () => {
    const s3 = loadConfig({
      S3_BUCKET: 'grip.uploads-1',
      S3_ENDPOINT: 'https://account.r2.cloudflarestorage.com/',
      S3_REGION: 'auto',
      S3_ACCESS_KEY_ID: 'key-id',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_PREFIX: '/grip//uploads/',
    }).s3;
    expect(s3).toEqual({
      bucket: 'grip.uploads-1',
      endpoint: 'https://account.r2.cloudflarestorage.com',
      region: 'auto',
      credentials: { accessKeyId: 'key-id', secretAccessKey: 'secret' },
      // An endpoint other than AWS: the bucket goes in the path unless told otherwise.
      forcePathStyle: true,
      prefix: 'grip/uploads/',
    });
    const virtualHosted = loadConfig({
      S3_BUCKET: 'grip-uploads',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_FORCE_PATH_STYLE: 'false',
    });
    expect(virtualHosted.s3?.forcePathStyle).toBe(false);
    expect(loadConfig({ S3_BUCKET: 'grip-uploads', S3_FORCE_PATH_STYLE: 'true' }).s3?.forcePathStyle).toBe(
      true,
    );
  });

  it('refuses S3 settings that cannot work, naming each variable', () => {
    expect(() =>
      loadConfig({
        S3_BUCKET: 'Grip_Uploads',
        S3_ENDPOINT: 'ftp://store.example.com',
        S3_REGION: 'US East',
        S3_FORCE_PATH_STYLE: 'yes',
        S3_PREFIX: 'grip/../other',
      }),
    ).toThrow(
      /S3_BUCKET: use an S3 bucket name[\s\S]*S3_ENDPOINT: use an http:\/\/ or https:\/\/ URL[\s\S]*S3_REGION[\s\S]*S3_FORCE_PATH_STYLE: use true or false[\s\S]*S3_PREFIX/,
    );
    expect(() => loadConfig({ S3_BUCKET: 'ab' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000', S3_PREFIX: 'grip' })).toThrow(
      'S3_BUCKET: required with S3_ENDPOINT, S3_PREFIX',
    );
    expect(() => loadConfig({ S3_BUCKET: 'grip-uploads', S3_ACCESS_KEY_ID: 'key-id' })).toThrow(
      /S3_SECRET_ACCESS_KEY: set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither/,
    );
    expect(() => loadConfig({ S3_BUCKET: 'grip-uploads', S3_SECRET_ACCESS_KEY: 'secret' })).toThrow(
      /S3_ACCESS_KEY_ID: set both/,
    );
  });

  it('enables Google only with both the client id and secret', () => {
    expect(loadConfig({ GOOGLE_CLIENT_ID: 'id' }).google).toBeNull();
  });
});
