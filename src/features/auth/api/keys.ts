export const authKeys = {
  all: ['auth'] as const,
  ticket: () => [...authKeys.all, 'ticket', '-me-'] as const,
  /** The signed-in person (keyed by user, so another sign-in never sees the last one's rights). */
  me: (userId: string) => [...authKeys.all, 'me', userId] as const,
};
