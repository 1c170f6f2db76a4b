/* polyx serve page: view3d.js (being written) */
