/**
 * @module web/main
 * Entry point: takes a token from the URL fragment, applies the theme, mounts the app.
 */
import { render } from 'preact';
import { adoptTokenFromFragment } from './api';
import { App } from './app';
import { applyTheme } from './theme';
import './styles.css';

adoptTokenFromFragment();
applyTheme();
render(<App />, document.getElementById('app')!);
