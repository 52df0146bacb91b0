export const authKeys = {
  all: ['auth'] as const,
  ticket: () => [...authKeys.all, 'ticket', '-me-'] as const,
};
