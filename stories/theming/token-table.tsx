import componentsCss from '../../src/styles/components.css?raw';
import themeCss from '../../src/styles/theme.css?raw';
import { parseAliases, parseThemeTokens, resolveToken } from '../../test/fixtures/theme-tokens.js';
import styles from './theming.module.css';

const tokens = parseThemeTokens(themeCss);
const aliases = parseAliases(componentsCss);

function Swatch({ value }: { value: string }) {
  const colour = /^#|^rgb/.test(value);
  return (
    <span className={styles.value}>
      {colour && <span className={styles.swatch} style={{ background: value }} aria-hidden="true" />}
      <code>{value}</code>
    </span>
  );
}

/** Every token of the shipped stylesheet with its light and dark value, read from the stylesheet itself. */
export function TokenTable() {
  return (
    <>
      <table className={styles.table}>
        <caption className={styles.caption}>Base tokens of react-mcp-annotations/styles.css</caption>
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
              <td>{name in tokens.dark ? <Swatch value={resolveToken(tokens.dark, name, tokens.light)} /> : <span className={styles.same}>same in both themes</span>}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <table className={styles.table}>
        <caption className={styles.caption}>Aliases: unset by default, each follows its base token wherever that is overridden</caption>
        <thead>
          <tr>
            <th scope="col">Alias</th>
            <th scope="col">Follows</th>
            <th scope="col">Light</th>
            <th scope="col">Dark</th>
          </tr>
        </thead>
        <tbody>
          {Object.entries(aliases).map(([alias, base]) => (
            <tr key={alias}>
              <th scope="row">
                <code>{alias}</code>
              </th>
              <td>
                <code>{base}</code>
              </td>
              <td>
                <Swatch value={resolveToken(tokens.light, base)} />
              </td>
              <td>
                <Swatch value={resolveToken(tokens.dark, base, tokens.light)} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

export { aliases, tokens };
