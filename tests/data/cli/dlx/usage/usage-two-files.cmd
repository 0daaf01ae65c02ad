@TOPDATA@/knuth-example.dlx @TOPDATA@/queens8.dlx
