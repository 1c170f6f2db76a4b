/* polyx serve page: app.js (being written) */
