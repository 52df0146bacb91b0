import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/errors.ts';
import { describeJobDeleteError } from './job-delete-error.ts';

describe('describeJobDeleteError', () => {
  it('counts the people when the server says how many', () => {
    // What the server says (orgchart.errors jobInUse).
    expect(
      describeJobDeleteError(
        new ApiError(409, { briefSummary: 'Job ceo is the job of 2 people: it cannot be deleted' }),
      ),
    ).toBe('2 people have this job, so it cannot be deleted. Give them another job, or none, first.');
    expect(describeJobDeleteError(new ApiError(409, { briefSummary: '3 people have job eng' }))).toBe(
      '3 people have this job, so it cannot be deleted. Give them another job, or none, first.',
    );
    expect(describeJobDeleteError(new ApiError(409, { briefSummary: 'Job eng is held by 1 person' }))).toMatch(
      /^1 person has this job/,
    );
  });

  it("otherwise shows the server's message", () => {
    const error = new ApiError(409, { briefSummary: "Job eng is someone's job: it cannot be deleted" });
    expect(describeJobDeleteError(error)).toBe(
      "Someone has this job, so it cannot be deleted. Give them another job, or none, first. The server said: “Job eng is someone's job: it cannot be deleted”",
    );
  });

  it('describes other failures as everywhere else', () => {
    expect(describeJobDeleteError(new ApiError(404))).toBe('This item does not exist any more, or you cannot see it.');
  });
});
