@TOPDATA@/knuth-colors.dlx
