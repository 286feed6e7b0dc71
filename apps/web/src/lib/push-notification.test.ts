import { describe, expect, it } from 'vitest';
import { appPath, isNavigateMessage, notificationFromPush } from './push-notification';

describe('notificationFromPush', () => {
  it('shows what the server sent', () => {
    expect(
      notificationFromPush({
        title: 'New service request',
        body: 'Pool cleaning in Manly',
        url: '/business-requests?focus=r1',
        tag: 'n1',
      }),
    ).toEqual({
      title: 'New service request',
      body: 'Pool cleaning in Manly',
      url: '/business-requests?focus=r1',
      tag: 'n1',
    });
  });

  it('falls back for missing fields', () => {
    expect(notificationFromPush({})).toEqual({
      title: 'Grip',
      body: 'You have a new notification.',
      tag: undefined,
      url: '/notifications',
    });
  });

  it('falls back for blank or non-string fields, field by field', () => {
    expect(notificationFromPush({ title: '   ', body: '', tag: ' ', url: '' })).toEqual({
      title: 'Grip',
      body: 'You have a new notification.',
      tag: undefined,
      url: '/notifications',
    });
    expect(notificationFromPush({ title: 42, body: { text: 'hi' }, tag: 7, url: ['/requests'] })).toEqual({
      title: 'Grip',
      body: 'You have a new notification.',
      tag: undefined,
      url: '/notifications',
    });
    expect(notificationFromPush({ title: 'Only a title' })).toMatchObject({
      title: 'Only a title',
      body: 'You have a new notification.',
    });
  });

  it.each([null, undefined, 'a plain text push', 42, true])(
    'still shows a notification for non-object data (%s)',
    (data) => {
      expect(notificationFromPush(data)).toEqual({
        title: 'Grip',
        body: 'You have a new notification.',
        tag: undefined,
        url: '/notifications',
      });
    },
  );

  it('never carries an off-app link into the notification', () => {
    expect(notificationFromPush({ title: 'Hi', body: 'There', url: 'https://evil.example/' }).url).toBe(
      '/notifications',
    );
  });
});

describe('appPath', () => {
  it.each(['/', '/requests', '/business-requests?focus=r1', '/messages/c1#latest', '/a/b/c'])(
    'keeps the in-app path %s',
    (path) => {
      expect(appPath(path)).toBe(path);
    },
  );

  it.each([
    'https://evil.example/',
    'http://evil.example/requests',
    'HTTPS://evil.example',
    'javascript:alert(1)',
    'data:text/html,hi',
    '//evil.com',
    '//evil.com/requests',
    '/\\evil.com',
    '\\\\evil.com',
    // URL parsing drops tabs and newlines: these would become //evil.com.
    '/\t/evil.com',
    '/\n/evil.com',
    '/\u0000/evil.com',
    '/\u007f/evil.com',
    '/requests\\..\\admin',
    'requests',
    '',
  ])('sends %j to /notifications', (url) => {
    expect(appPath(url)).toBe('/notifications');
  });

  it.each([undefined, null, 42, {}, ['/requests'], new URL('https://grip.example/requests')])(
    'sends a non-string (%s) to /notifications',
    (url) => {
      expect(appPath(url)).toBe('/notifications');
    },
  );
});

describe('isNavigateMessage', () => {
  it('accepts the message a notification click posts', () => {
    expect(isNavigateMessage({ type: 'grip:navigate', url: '/requests' })).toBe(true);
  });

  it.each([
    null,
    undefined,
    'grip:navigate',
    {},
    { type: 'grip:navigate' },
    { type: 'grip:navigate', url: 42 },
    { type: 'other', url: '/requests' },
    { url: '/requests' },
  ])('rejects %j', (data) => {
    expect(isNavigateMessage(data)).toBe(false);
  });
});
