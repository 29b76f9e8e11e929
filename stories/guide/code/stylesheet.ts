// Once, in your entry file or root layout, before your own stylesheet.
import 'react-mcp-annotations/styles.css';
