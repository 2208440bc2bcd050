import { useState } from 'react';
import styles from './avatar.module.css';

type AvatarProps = {
  src: string | null;
  name: string;
  size?: number;
  online?: boolean;
};

/** A round portrait; falls back to the initial on a warm gradient when there is no photo. */
export function Avatar({ src, name, size = 44, online }: AvatarProps) {
  const [failed, setFailed] = useState(false);
  const initial = name.trim().charAt(0).toUpperCase() || '?';
  return (
    <span className={styles.avatar} style={{ width: size, height: size, fontSize: size * 0.42 }}>
      {src && !failed ? (
        <img
          src={src}
          alt=""
          className={styles.image}
          loading="lazy"
          decoding="async"
          onError={() => setFailed(true)}
        />
      ) : (
        <span className={styles.initial} aria-hidden="true">
          {initial}
        </span>
      )}
      {online ? <span className={styles.online} aria-hidden="true" /> : null}
    </span>
  );
}
