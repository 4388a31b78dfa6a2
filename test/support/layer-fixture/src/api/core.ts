export { read } from '../io/file.js';
