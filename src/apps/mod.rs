pub mod noi2005;
