import styles from './spinner.module.css';

export function Spinner({ size = 24, label }: { size?: number; label?: string }) {
  return (
    <span className={styles.wrap} role={label ? 'status' : undefined}>
      <span className={styles.spinner} style={{ width: size, height: size }} aria-hidden="true" />
      {label ? <span className="visually-hidden">{label}</span> : null}
    </span>
  );
}

export function PageSpinner({ label }: { label: string }) {
  return (
    <div className={styles.page}>
      <Spinner size={36} label={label} />
    </div>
  );
}
