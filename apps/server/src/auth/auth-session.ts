/** The signed-in person and session as the auth plugin hands them to routes (plugins/auth.ts). */
export interface SessionUser {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
}

export interface AuthSession {
  user: SessionUser;
  session: { id: string; token: string; createdAt?: Date | string };
}
