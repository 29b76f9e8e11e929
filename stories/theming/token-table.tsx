import themeCss from '../../src/styles/theme.css?raw';
import { parseThemeTokens, resolveToken } from '../../test/fixtures/theme-tokens.js';
import styles from './theming.module.css';

const tokens = parseThemeTokens(themeCss);

function Swatch({ value }: { value: string }) {
  const colour = /^#|^rgb/.test(value);
  return (
    <span className={styles.value}>
      {colour && <span className={styles.swatch} style={{ background: value }} aria-hidden="true" />}
      <code>{value}</code>
    </span>
  );
}

/** Every token of the shipped stylesheet with its light and dark value, read from theme.css itself. */
export function TokenTable() {
  return (
    <table className={styles.table}>
      <caption>Design tokens of react-mcp-annotations/styles.css</caption>
      <thead>
        <tr>
          <th scope="col">Token</th>
          <th scope="col">Light</th>
          <th scope="col">Dark</th>
        </tr>
      </thead>
      <tbody>
        {Object.keys(tokens.light).map((name) => (
          <tr key={name}>
            <th scope="row">
              <code>{name}</code>
            </th>
            <td>
              <Swatch value={resolveToken(tokens.light, name)} />
            </td>
            <td>{name in tokens.dark ? <Swatch value={resolveToken(tokens.dark, name, tokens.light)} /> : <span className={styles.same}>same as light</span>}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export { tokens };
