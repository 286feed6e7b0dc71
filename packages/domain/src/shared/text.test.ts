import { describe, expect, it } from 'vitest';
import { joinSentences, labelWithDetail, sentenceEnd } from './text';

describe('sentenceEnd', () => {
  it.each([
    ['Harbour Plumbing Co.', 'Harbour Plumbing Co.'],
    ['Harbour Plumbing', 'Harbour Plumbing.'],
    ['Ready!', 'Ready!'],
    ['Really?', 'Really?'],
    ['And then…', 'And then…'],
    ['He said "done."', 'He said "done."'],
    ['Fix the tap (kitchen.)', 'Fix the tap (kitchen.)'],
    ['  trailing space  ', '  trailing space.'],
    ['', ''],
  ])('%j → %j', (text, expected) => {
    expect(sentenceEnd(text)).toBe(expected);
  });
});

describe('joinSentences', () => {
  it('never writes two full stops after a name ending in one', () => {
    expect(joinSentences('Your quote went to Harbour Plumbing Co.', 'They will reply soon.')).toBe(
      'Your quote went to Harbour Plumbing Co. They will reply soon.',
    );
    expect(joinSentences('Your quote went to Harbour Plumbing', 'They will reply soon.')).toBe(
      'Your quote went to Harbour Plumbing. They will reply soon.',
    );
  });

  it('leaves out empty parts and keeps the last one as it is', () => {
    expect(joinSentences('One', null, undefined, false, '  ', 'two')).toBe('One. two');
    expect(joinSentences('Only')).toBe('Only');
  });
});

describe('labelWithDetail', () => {
  it('does not repeat a value beside itself', () => {
    expect(labelWithDetail('Flexible', 'Flexible')).toBe('Flexible');
    expect(labelWithDetail('Flexible', 'flexible ')).toBe('Flexible');
    expect(labelWithDetail('Any time', 'Any time.')).toBe('Any time');
  });

  it('adds a detail that says something more', () => {
    expect(labelWithDetail('Morning', '± 2 hours')).toBe('Morning (± 2 hours)');
  });

  it('gives the label alone without a detail', () => {
    expect(labelWithDetail('Morning', null)).toBe('Morning');
    expect(labelWithDetail('Morning', '')).toBe('Morning');
  });
});
