@TOPDATA@/knuth-example.dlx
