import { describe, expect, it } from 'vitest';
import { refusedSuggestion, suggestionText } from './prompt-suggestion.js';

describe('a prompt suggestion', () => {
  it('is the reply without a wrapping tag or label', () => {
    expect(suggestionText('  <suggestion>run the tests</suggestion> ')).toBe('run the tests');
    expect(suggestionText('Suggestion: commit this')).toBe('commit this');
    expect(suggestionText('<answer>a</answer> <answer>b</answer>')).toBe(
      '<answer>a</answer> <answer>b</answer>',
    );
  });
  it("is shown only when the CLI would: short, one sentence, in the user's voice", () => {
    expect(refusedSuggestion('run the tests')).toBeUndefined();
    expect(refusedSuggestion('yes')).toBeUndefined();
    expect(refusedSuggestion('/compact')).toBeUndefined();
    expect(refusedSuggestion('')).toBe('empty');
    expect(refusedSuggestion('tests')).toBe('too_few_words');
    expect(refusedSuggestion('Looks good to me now')).toBe('evaluative');
    expect(refusedSuggestion('Let me run the tests')).toBe('claude_voice');
    expect(refusedSuggestion('Run it. Then commit')).toBe('multiple_sentences');
    expect(refusedSuggestion('one two three four five six seven eight nine ten eleven twelve thirteen')).toBe(
      'too_many_words',
    );
  });
});
