/* polyx serve page: play.js (being written) */
