import { initials } from '../lib/session';
import type { SessionUser } from '../lib/session';

interface UserAvatarProps {
  user: Pick<SessionUser, 'firstName' | 'lastName' | 'email' | 'avatar'>;
  size?: number;
}

/** The user's picture, or the initials of the name when there is none. Decorative: the name is always shown beside it. */
export function UserAvatar({ user, size = 40 }: UserAvatarProps) {
  const style = { width: size, height: size, fontSize: Math.round(size * 0.4) };
  return (
    <span className="user-avatar" style={style} aria-hidden="true" data-testid="user-avatar">
      {user.avatar ? <img className="user-avatar__image" src={user.avatar} alt="" /> : initials(user)}
    </span>
  );
}
