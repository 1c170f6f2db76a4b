/* polyx serve page: editor.js (being written) */
