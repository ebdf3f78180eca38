import { describe, expect, it } from 'vitest';
import { inAppFormSchema } from './in-app-form.ts';

const REQUIRED = 'All fields are required.';
const BAD_EMAIL = 'Please enter a valid email address.';

describe('inAppFormSchema (validateInAppForm as a schema)', () => {
  it.each<[string, unknown, string[]]>([
    ['bad email', { firstName: 'a', lastName: 'b', email: 'x' }, [BAD_EMAIL]],
    ['blank field', { firstName: ' ', lastName: 'b', email: 'x' }, [REQUIRED]],
    ['missing field', { firstName: 'a', email: 'a@b.co' }, [REQUIRED]],
    ['not text', { firstName: 'a', lastName: 7, email: 'a@b.co' }, [REQUIRED]],
  ])('%s → %j', (_label, input, messages) => {
    const result = inAppFormSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(messages);
  });

  it('outputs the trimmed form with the email lower-cased', () => {
    expect(
      inAppFormSchema.parse({ firstName: ' Juan ', lastName: 'Cruz', email: ' JUAN@Example.com ' }),
    ).toEqual({ firstName: 'Juan', lastName: 'Cruz', email: 'juan@example.com' });
  });
});
