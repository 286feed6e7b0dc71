import { describe, expect, it } from 'vitest';
import {
  blockedComposerText,
  blockProblem,
  blockRefusal,
  blockSideOf,
  BLOCKED_ACTIONS,
  BlockedAccountsQuerySchema,
  conversationBlockOf,
} from './blocks';
import {
  accountReportLabel,
  blockTitle,
  messageReportLabel,
  MODERATION_MESSAGES,
} from './moderation-messages';

describe('who may block whom', () => {
  it('allows only an account the blocker has dealt with', () => {
    expect(blockProblem('me', { userId: 'them', hasDealtWith: true })).toBeNull();
  });

  it('answers an unknown id and an account never dealt with alike', () => {
    expect(blockProblem('me', null)).toBe('unknown');
    expect(blockProblem('me', { userId: 'stranger', hasDealtWith: false })).toBe('unknown');
  });

  it('refuses blocking oneself whatever else is known', () => {
    expect(blockProblem('me', { userId: 'me', hasDealtWith: false })).toBe('self');
    expect(blockProblem('me', { userId: 'me', hasDealtWith: true })).toBe('self');
  });
});

describe('the words of a block', () => {
  it('tells the blocker what they did, and the other only what they cannot do', () => {
    for (const action of BLOCKED_ACTIONS) {
      expect(blockRefusal('by_me', action)).toBe(MODERATION_MESSAGES.youBlocked);
      const theirs = blockRefusal('by_them', action);
      expect(theirs).toMatch(/^You can't /);
      expect(theirs).not.toMatch(/block/i);
    }
    expect(blockRefusal('by_them', 'message')).toBe("You can't message this account.");
  });

  it('reads the viewer’s own block first when both blocked', () => {
    expect(blockSideOf({ byMe: true, byThem: true })).toBe('by_me');
    expect(blockSideOf({ byMe: false, byThem: true })).toBe('by_them');
    expect(blockSideOf({ byMe: false, byThem: false })).toBeNull();
  });

  it('replaces the send box with the right line, or keeps it', () => {
    const other = { userId: 'b1', name: 'Sparks Electrical' };
    const none = conversationBlockOf(other, { byMe: false, byThem: false });
    expect(none).toEqual({
      otherPartyId: 'b1',
      otherPartyName: 'Sparks Electrical',
      blockedByMe: false,
      canContact: true,
    });
    expect(blockedComposerText(none)).toBeNull();
    expect(blockedComposerText(conversationBlockOf(other, { byMe: true, byThem: false }))).toBe(
      'You blocked this account.',
    );
    const theirs = conversationBlockOf(other, { byMe: false, byThem: true });
    expect(theirs.blockedByMe).toBe(false);
    expect(blockedComposerText(theirs)).toBe("You can't message this account.");
  });
});

describe('the blocked accounts list query', () => {
  it('defaults the page size and refuses a malformed cursor', () => {
    expect(BlockedAccountsQuerySchema.parse({})).toEqual({ limit: 20 });
    expect(BlockedAccountsQuerySchema.parse({ cursor: '' })).toEqual({ limit: 20 });
    expect(BlockedAccountsQuerySchema.safeParse({ cursor: 'a b' }).success).toBe(false);
    expect(BlockedAccountsQuerySchema.safeParse({ limit: '51' }).success).toBe(false);
  });
});

describe('the report list’s entries', () => {
  it('quotes a message’s first words, or says it holds images', () => {
    expect(messageReportLabel('  Pay me\n outside  Grip ', 0)).toBe('Message: “Pay me outside Grip”');
    expect(messageReportLabel('', 1)).toBe('Message: an image');
    expect(messageReportLabel(' ', 3)).toBe('Message: 3 images');
    const long = messageReportLabel(`${'a'.repeat(59)}😀tail`, 0);
    expect(long).toBe(`Message: “${'a'.repeat(59)}😀…”`);
    expect(accountReportLabel('Sparks Electrical')).toBe('Sparks Electrical (the account)');
    expect(blockTitle('Sparks Electrical')).toBe('Block Sparks Electrical?');
  });
});
