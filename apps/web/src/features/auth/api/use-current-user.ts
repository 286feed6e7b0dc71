import type { Me } from '@grip/domain';
import { useSession } from './get-me';

/** The signed-in user inside guarded pages (the guard has already ensured there is one). */
export function useCurrentUser(): Me {
  const { me } = useSession();
  if (!me) throw new Error('useCurrentUser is only available on signed-in routes');
  return me;
}
