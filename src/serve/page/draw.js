/* polyx serve page: draw.js (being written) */
