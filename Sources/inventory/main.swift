import InventoryApp

InventoryMain.main()
