// Package dist holds what `make install` puts on a desktop besides the
// programs: the menu entry (org.burrlab.burrlab.desktop.in, with the
// programs' folder filled in), the .xmpuzzle file type for shared-mime-info
// (org.burrlab.burrlab.xml) and the icon's smaller sizes (icons/; the
// 256-pixel one is assets/icons/app.png). Its test installs into a
// temporary prefix, checks every file and uninstalls.
package dist
