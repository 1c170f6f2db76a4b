/* polyx serve page: design.js (being written) */
